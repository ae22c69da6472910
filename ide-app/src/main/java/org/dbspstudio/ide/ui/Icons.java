package org.dbspstudio.ide.ui;

import javafx.scene.Node;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Tool bar icons (Material Design Icons through Ikonli) and tooltips that are made when the pointer
 * first rests on their node: a tooltip is a popup window of its own, and a window's worth of them
 * made up front slowed the start.
 */
public final class Icons {
    /** Size of tool bar icons, in pixels. */
    public static final int SIZE = 16;

    private Icons() {
    }

    /** An icon by its Ikonli code (e.g. {@code mdi2c-content-save-outline}). */
    public static FontIcon icon(String code) {
        FontIcon i = new FontIcon(code);
        i.setIconSize(SIZE);
        i.getStyleClass().add("tool-icon");
        return i;
    }

    /** Puts an icon on a button; with {@code iconOnly} the text is left to the tooltip (and to screen readers). */
    public static <B extends ButtonBase> B decorate(B b, String code, boolean iconOnly) {
        b.setGraphic(icon(code));
        if (iconOnly) {
            b.setAccessibleText(b.getText());
            b.setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
        }
        return b;
    }

    /** Loads the icon font (read from a 1.3 MB file) off the JavaFX thread while the window is being built. */
    public static void warmUp() {
        Thread t = new Thread(() -> icon("mdi2f-file-plus-outline"), "icon font");
        t.setDaemon(true);
        t.start();
    }

    private static final String TIP = "dbsp.tip";

    /** Gives a node a tooltip, made the first time the pointer enters the node. */
    public static void tip(Node n, String text) {
        if (n instanceof javafx.scene.control.Control c && c.getTooltip() != null) {
            c.getTooltip().setText(text);
            return;
        }
        Object installed = n.getProperties().get(TIP + ".installed");
        if (installed instanceof Tooltip t) {
            t.setText(text);
            return;
        }
        boolean first = !n.getProperties().containsKey(TIP);
        n.getProperties().put(TIP, text);
        if (first) {
            n.addEventHandler(MouseEvent.MOUSE_ENTERED, new javafx.event.EventHandler<>() {
                @Override
                public void handle(MouseEvent e) {
                    n.removeEventHandler(MouseEvent.MOUSE_ENTERED, this);
                    Tooltip t = new Tooltip((String) n.getProperties().get(TIP));
                    t.setWrapText(true);
                    t.setMaxWidth(520);
                    n.getProperties().put(TIP + ".installed", t);
                    if (n instanceof javafx.scene.control.Control c) {
                        c.setTooltip(t);
                    } else {
                        Tooltip.install(n, t);
                    }
                }
            });
        }
    }

    /** The text of a node's tooltip, whether or not it has been made yet (null if none). */
    public static String tipText(Node n) {
        if (n instanceof javafx.scene.control.Control c && c.getTooltip() != null) {
            return c.getTooltip().getText();
        }
        Object installed = n.getProperties().get(TIP + ".installed");
        return installed instanceof Tooltip t ? t.getText() : (String) n.getProperties().get(TIP);
    }
}
