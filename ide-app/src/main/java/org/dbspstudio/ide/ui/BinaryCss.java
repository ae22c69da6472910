package org.dbspstudio.ide.ui;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javafx.css.Stylesheet;

/**
 * The theme's stylesheet in JavaFX's binary form: parsing Primer's 165 kB of CSS took about half a
 * second of the start, loading it in binary form a few milliseconds. The first start parses as
 * usual and converts a copy in the background into a cache folder ({@code ~/.dbsp-studio/cache/css});
 * later starts name the cached copy, and JavaFX loads the {@code .bss} beside a {@code .css} of the
 * same name (if it cannot, it parses the {@code .css}). Cached files are named by the stylesheet's
 * CRC in its jar and the JavaFX version, so a new AtlantaFX or JavaFX is converted afresh.
 */
final class BinaryCss {
    private BinaryCss() {
    }

    /**
     * The URL to use for {@code css} (a stylesheet inside a jar): the cached copy when it has been
     * converted, else {@code css} itself (and the conversion starts on a background thread).
     */
    /** The copies being written: one conversion per stylesheet at a time (a second would race the first's files). */
    private static final Set<Path> CONVERTING = ConcurrentHashMap.newKeySet();
    /** The copies that could not be written in this process (a read-only home, a full disk): not tried again. */
    private static final Set<Path> FAILED = ConcurrentHashMap.newKeySet();

    /** No conversion is under way (tests wait for this before removing a cache folder). */
    static boolean idle() {
        return CONVERTING.isEmpty();
    }

    static String cached(URL css, Path cacheDir) {
        try {
            URLConnection c = css.openConnection();
            if (!(c instanceof JarURLConnection jar) || jar.getJarEntry() == null || jar.getJarEntry().getCrc() < 0) {
                return css.toExternalForm();
            }
            String file = css.getPath().substring(css.getPath().lastIndexOf('/') + 1).replaceFirst("\\.css$", "");
            String version = System.getProperty("javafx.runtime.version", "unknown").replaceAll("[^A-Za-z0-9.+-]", "_");
            String stem = file + "-" + Long.toHexString(jar.getJarEntry().getCrc()) + "-javafx-" + version;
            Path copy = cacheDir.resolve(stem + ".css");
            Path binary = cacheDir.resolve(stem + ".bss");
            if (Files.isRegularFile(copy) && Files.isRegularFile(binary)) {
                return copy.toUri().toString();
            }
            if (FAILED.contains(copy) || !CONVERTING.add(copy)) {
                return css.toExternalForm(); // a conversion of this stylesheet is under way
            }
            Thread t = new Thread(() -> {
                try {
                    if (!convert(css, cacheDir, copy, binary)) {
                        FAILED.add(copy);
                    }
                } finally {
                    CONVERTING.remove(copy);
                }
            }, "binary stylesheet");
            t.setDaemon(true);
            t.setPriority(Thread.MIN_PRIORITY);
            t.start();
        } catch (IOException | RuntimeException e) {
            // no cache: JavaFX parses the stylesheet as always
        }
        return css.toExternalForm();
    }

    /** Writes the copy and its binary form (each to a temporary file first; the copy last, as it marks both done). */
    static boolean convert(URL css, Path cacheDir, Path copy, Path binary) {
        Path tmpCss = null;
        Path tmpBss = null;
        try {
            Files.createDirectories(cacheDir);
            tmpCss = Files.createTempFile(cacheDir, "stylesheet", ".css.tmp");
            tmpBss = Files.createTempFile(cacheDir, "stylesheet", ".bss.tmp");
            try (InputStream in = css.openStream()) {
                Files.copy(in, tmpCss, StandardCopyOption.REPLACE_EXISTING);
            }
            Stylesheet.convertToBinary(tmpCss.toFile(), tmpBss.toFile());
            Files.move(tmpBss, binary, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            Files.move(tmpCss, copy, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return true;
        } catch (IOException | RuntimeException e) {
            // a read-only home or a full disk: the next start parses again
            return false;
        } finally {
            for (Path p : new Path[] {tmpCss, tmpBss}) {
                try {
                    if (p != null) {
                        Files.deleteIfExists(p);
                    }
                } catch (IOException ignored) {
                    // left behind; named *.tmp
                }
            }
        }
    }
}
