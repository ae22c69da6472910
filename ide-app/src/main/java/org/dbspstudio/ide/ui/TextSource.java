package org.dbspstudio.ide.ui;

import java.nio.file.Path;

/**
 * The text a tab's circuit is generated from (the SQL of a File → New from SQL… tab). Such a
 * tab saves this text, not the circuit, and its autosave keeps the text for recovery.
 */
public interface TextSource {
    /** The text as it is now. */
    String text();

    /** The extension of its files, without the dot ("sql"). */
    String extension();

    /** A number that changes at every edit of the text (autosave writes when it changed). */
    long version();

    /** Called after the text was saved to {@code file}. */
    void saved(Path file);
}
