package org.dbspstudio.ide.io;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;

/**
 * The other process of the save and recovery tests: {@code save FILE SIZE} writes a document of
 * about SIZE characters once; {@code loop FILE} saves two documents in turn forever;
 * {@code autosave DIR} writes a recovery file and waits for its standard input to close.
 */
public final class SaveChild {
    private SaveChild() {
    }

    /** A valid document of about {@code size} characters; its description says which one it is. */
    public static String document(String tag, int size) {
        StringBuilder pad = new StringBuilder();
        while (pad.length() < size) {
            pad.append("0123456789abcdef");
        }
        return "{\"format\": \"dbsp-studio-circuit\", \"version\": 1, \"name\": \"" + tag + "\", \"description\": \""
                + pad + "\", \"circuit\": {}}\n";
    }

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "save" -> {
                try {
                    DocumentFiles.writeAtomically(Path.of(args[1]), document("big", Integer.parseInt(args[2])));
                    System.out.println("saved");
                } catch (DocumentFiles.SaveException e) {
                    System.out.println("refused: " + e.getMessage());
                }
            }
            case "loop" -> {
                String a = document("A", 1_000);
                String b = document("B", 4_000_000);
                System.out.println("saving");
                System.out.flush();
                for (long i = 0; ; i++) {
                    DocumentFiles.writeAtomically(Path.of(args[1]), i % 2 == 0 ? b : a);
                }
            }
            case "autosave" -> {
                Recovery r = new Recovery(Path.of(args[1]));
                r.write("1-1", document("live", 10));
                System.out.println("ready " + r.instance());
                System.out.flush();
                new BufferedReader(new InputStreamReader(System.in)).readLine();
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
    }
}
