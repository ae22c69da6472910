package org.dbspstudio.ide.ui;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.geometry.Point2D;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.VBox;
import org.dbspstudio.model.Category;
import org.dbspstudio.model.OpKind;

/**
 * The searchable operator palette, grouped by {@link Category}. Items are dragged onto the canvas
 * with plain mouse gestures (a ghost follows the pointer on the window's overlay layer), or
 * double-clicked to add at the centre of the view.
 */
public final class Palette extends VBox {
    /** Where palette gestures end up. */
    public interface Target {
        /** Creates {@code kind} at a scene point; false when the point is not on a canvas. */
        boolean drop(OpKind kind, double sceneX, double sceneY);

        void addAtCentre(OpKind kind);

        Pane overlay();
    }

    private final TextField search = new TextField();
    private final Map<Category, TitledPane> groups = new EnumMap<>(Category.class);
    private final Map<OpKind, HBox> items = new EnumMap<>(OpKind.class);
    private final Target target;
    private Label ghost;

    public Palette(Target target) {
        this.target = target;
        getStyleClass().add("palette");
        setSpacing(6);
        setStyle("-fx-padding: 8;");
        search.setPromptText("Search operators (Ctrl+F)");
        search.setId("palette-search");
        search.textProperty().addListener((o, a, b) -> filter(b));
        VBox list = new VBox(4);
        for (Category cat : Category.values()) {
            VBox box = new VBox(2);
            for (OpKind k : OpKind.values()) {
                if (k.category() == cat) {
                    HBox item = makeItem(k);
                    items.put(k, item);
                    box.getChildren().add(item);
                }
            }
            TitledPane tp = new TitledPane(cat.title(), box);
            tp.setAnimated(false);
            groups.put(cat, tp);
            list.getChildren().add(tp);
        }
        ScrollPane scroll = new ScrollPane(list);
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        VBox.setVgrow(scroll, javafx.scene.layout.Priority.ALWAYS);
        Label title = new Label("Operators");
        title.getStyleClass().add("side-title");
        getChildren().addAll(title, search, scroll);
        setMinWidth(180);
        setPrefWidth(220);
    }

    public TextField searchField() {
        return search;
    }

    /** The palette entry of a kind (tests drag these). */
    public HBox item(OpKind kind) {
        return items.get(kind);
    }

    private HBox makeItem(OpKind k) {
        Label glyph = new Label(k.glyph());
        glyph.getStyleClass().add("palette-glyph");
        Label title = new Label(k.title());
        HBox item = new HBox(glyph, title);
        item.getStyleClass().add("palette-item");
        item.setId("palette-" + k.json());
        Icons.tip(item, k.title() + " — " + describe(k) + "\nDrag onto the canvas, or double-click.");
        item.addEventHandler(MouseEvent.MOUSE_PRESSED, e -> {
            if (e.getButton() == MouseButton.PRIMARY) {
                startGhost(k, e);
            }
            e.consume();
        });
        item.addEventHandler(MouseEvent.MOUSE_DRAGGED, e -> {
            moveGhost(e);
            e.consume();
        });
        item.addEventHandler(MouseEvent.MOUSE_RELEASED, e -> {
            if (ghost != null) {
                boolean onPalette = item.localToScene(item.getBoundsInLocal()).contains(e.getSceneX(), e.getSceneY());
                removeGhost();
                if (!onPalette) {
                    target.drop(k, e.getSceneX(), e.getSceneY());
                }
            }
            e.consume();
        });
        item.addEventHandler(MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2) {
                target.addAtCentre(k);
            }
        });
        return item;
    }

    static String describe(OpKind k) {
        List<String> parts = new ArrayList<>();
        parts.add(k.algebra().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        if (k.strict()) {
            parts.add("strict");
        }
        if (k.stateful()) {
            parts.add("stateful");
        }
        return String.join(", ", parts);
    }

    private void startGhost(OpKind k, MouseEvent e) {
        ghost = new Label(k.glyph() + "  " + k.title());
        ghost.getStyleClass().add("palette-ghost");
        ghost.setMouseTransparent(true);
        ghost.setVisible(false);
        target.overlay().getChildren().add(ghost);
        moveGhost(e);
    }

    private void moveGhost(MouseEvent e) {
        if (ghost == null) {
            return;
        }
        Point2D p = target.overlay().sceneToLocal(e.getSceneX(), e.getSceneY());
        ghost.relocate(p.getX() + 6, p.getY() + 6);
        ghost.setVisible(true);
    }

    private void removeGhost() {
        target.overlay().getChildren().remove(ghost);
        ghost = null;
    }

    private void filter(String text) {
        String q = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (var e : items.entrySet()) {
            OpKind k = e.getKey();
            boolean show = q.isEmpty() || k.title().toLowerCase(Locale.ROOT).contains(q)
                    || k.json().contains(q) || k.glyph().toLowerCase(Locale.ROOT).contains(q)
                    || k.category().title().toLowerCase(Locale.ROOT).contains(q);
            e.getValue().setVisible(show);
            e.getValue().setManaged(show);
        }
        for (var g : groups.entrySet()) {
            boolean any = items.entrySet().stream().anyMatch(i -> i.getKey().category() == g.getKey() && i.getValue().isVisible());
            g.getValue().setVisible(any);
            g.getValue().setManaged(any);
            if (any && !q.isEmpty()) {
                g.getValue().setExpanded(true);
            }
        }
    }
}
