package org.dbspstudio.ide.io;

import static org.assertj.core.api.Assertions.assertThat;

import org.dbspstudio.ide.samples.SampleCatalog;
import org.dbspstudio.model.CircuitDocument;
import org.junit.jupiter.api.Test;

/** SVG export keeps what the screen shows: box colours, dashed feedback, port names (issue 16, 10). */
class SvgExportTest {
    private static CircuitDocument sample(String prefix) throws Exception {
        return SampleCatalog.load().stream().filter(s -> s.file().startsWith(prefix)).findFirst().orElseThrow().document();
    }

    @Test
    void boxesKeepTheirGroupColoursAndJoinPortsTheirNames() throws Exception {
        CircuitDocument d = sample("06");
        String svg = SvgExport.toSvg(d.circuit(), d.layout());
        assertThat(svg).contains("rgb(220,247,227)").as("inputs and outputs are green");
        assertThat(svg).contains("rgb(255,244,197)").as("the join is yellow");
        assertThat(svg).contains(">left<", ">right<");
        assertThat(svg).doesNotContain("stroke-dasharray").as("no feedback in users ⋈ orders");
    }

    @Test
    void feedbackStreamsAreDashed() throws Exception {
        CircuitDocument d = sample("05");
        var tc = d.circuit().op("tc").child();
        String svg = SvgExport.toSvg(tc, d.layout());
        assertThat(svg).contains("stroke-dasharray");
        assertThat(svg).contains("rgb(221,240,255)").as("stream calculus is blue");
    }
}
