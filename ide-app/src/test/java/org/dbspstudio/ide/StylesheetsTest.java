package org.dbspstudio.ide;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every looked-up colour the editor's stylesheets use is defined by the fallback colours too
 * (without AtlantaFX an undefined one is a CSS error in the log and a row without its colour).
 */
class StylesheetsTest {
    private static final Pattern DEFINE = Pattern.compile("(-color-[a-z0-9-]+)\\s*:");

    private static String read(String resource) throws IOException {
        try (InputStream in = StylesheetsTest.class.getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replaceAll("(?s)/\\*.*?\\*/", "");
        }
    }

    private static Set<String> all(Pattern p, String text) {
        Set<String> out = new TreeSet<>();
        Matcher m = p.matcher(text);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"fallback-light.css", "fallback-dark.css"})
    void fallbackColoursDefineEveryColourTheStylesheetsUse(String fallback) throws IOException {
        Set<String> defined = all(DEFINE, read("/org/dbspstudio/ide/" + fallback));
        assertThat(defined).as(fallback).containsAll(used());
    }

    /** With AtlantaFX's Primer themes (what users get) incremental boxes were once left without colours. */
    @ParameterizedTest
    @ValueSource(strings = {"light", "dark"})
    void primerThemesWithTheEditorsOwnColoursDefineEveryColourTheStylesheetsUse(String theme) throws IOException {
        Set<String> defined = all(DEFINE, read("/atlantafx/base/theme/primer-" + theme + ".css"));
        defined.addAll(all(DEFINE, read("/org/dbspstudio/ide/studio.css")));
        assertThat(defined).as("primer-" + theme + ".css and studio.css").containsAll(used());
    }

    /** The looked-up colours the editor's own stylesheets use. */
    private static Set<String> used() throws IOException {
        Set<String> used = new TreeSet<>();
        for (String css : new String[] {"/org/dbspstudio/ide/studio.css", "/org/dbspstudio/ide/debug/debug.css"}) {
            String text = read(css);
            Matcher m = Pattern.compile(":([^;{}]*)").matcher(text);
            while (m.find()) {
                Matcher v = Pattern.compile("-color-[a-z0-9-]+").matcher(m.group(1));
                while (v.find()) {
                    used.add(v.group());
                }
            }
        }
        return used;
    }
}
