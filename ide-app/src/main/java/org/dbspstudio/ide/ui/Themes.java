package org.dbspstudio.ide.ui;

import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the AtlantaFX Primer stylesheets. Only the stylesheets are used (the library's classes
 * are Java 21 bytecode): from the class path, else from the jar named by the system property
 * {@code dbsp.atlantafxJar} (set by {@code mvn javafx:run}, whose launcher leaves that jar out),
 * else (or with {@code -Ddbsp.modena=true}) the editor's own fallback colours on top of JavaFX's Modena.
 */
final class Themes {
    private Themes() {
    }

    /** The URL chosen for each stylesheet in this process (the same one every time it is asked for). */
    private static final java.util.Map<String, String> CHOSEN = new java.util.concurrent.ConcurrentHashMap<>();

    /** The user agent stylesheet URL, or null for Modena. */
    static String userAgent(boolean dark) {
        if (Boolean.getBoolean("dbsp.modena")) {
            return null;
        }
        String name = dark ? "primer-dark.css" : "primer-light.css";
        URL u = Themes.class.getResource("/atlantafx/base/theme/" + name);
        if (u != null) {
            return CHOSEN.computeIfAbsent(name, n -> BinaryCss.cached(u,
                    Path.of(System.getProperty("user.home"), ".dbsp-studio", "cache", "css")));
        }
        String jar = System.getProperty("dbsp.atlantafxJar");
        if (jar != null && Files.isRegularFile(Path.of(jar))) {
            return "jar:" + Path.of(jar).toUri() + "!/atlantafx/base/theme/" + name;
        }
        return null;
    }

    /** Extra colour definitions used when no Primer stylesheet is found. */
    static String fallback(boolean dark) {
        return Themes.class.getResource("/org/dbspstudio/ide/" + (dark ? "fallback-dark.css" : "fallback-light.css"))
                .toExternalForm();
    }
}
