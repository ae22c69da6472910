package org.dbspstudio.ide.io;

import java.io.IOException;
import java.nio.file.Path;
import javafx.embed.swing.SwingFXUtils;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Paint;
import javafx.scene.transform.Transform;
import javax.imageio.ImageIO;

/** Writes a snapshot of a node as PNG. Must run on the JavaFX application thread. */
public final class PngExport {
    private PngExport() {
    }

    /**
     * Snapshots {@code node} within {@code worldBounds} (in the node's parent coordinates, untransformed)
     * at {@code scale}, on {@code background}.
     */
    public static WritableImage snapshot(Node node, Bounds worldBounds, double scale, Paint background) {
        SnapshotParameters params = new SnapshotParameters();
        params.setFill(background);
        params.setTransform(Transform.scale(scale, scale));
        double m = 20;
        params.setViewport(new javafx.geometry.Rectangle2D((worldBounds.getMinX() - m) * scale,
                (worldBounds.getMinY() - m) * scale, (worldBounds.getWidth() + 2 * m) * scale,
                (worldBounds.getHeight() + 2 * m) * scale));
        var saved = new java.util.ArrayList<>(node.getTransforms());
        node.getTransforms().clear();
        try {
            return node.snapshot(params, null);
        } finally {
            node.getTransforms().setAll(saved);
        }
    }

    public static void write(WritableImage image, Path file) throws IOException {
        if (!ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", file.toFile())) {
            throw new IOException("no PNG writer available");
        }
    }

    /** Snapshot of a whole scene (window screenshots). */
    public static void writeScene(javafx.scene.Scene scene, Path file) throws IOException {
        write(scene.snapshot(null), file);
    }
}
