package org.dbspstudio.model.json;

import com.networknt.schema.InputFormat;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.util.List;

/** Validates JSON text against the committed circuit schema (networknt json-schema-validator). */
final class SchemaCheck {
    private static final JsonSchema SCHEMA = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
            .getSchema(CircuitSchema.committed());

    private SchemaCheck() {
    }

    /** The schema violations, as messages (empty when the text is valid). */
    static List<String> errors(String json) {
        return SCHEMA.validate(json, InputFormat.JSON).stream().map(ValidationMessage::getMessage).sorted().toList();
    }
}
