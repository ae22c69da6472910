package org.dbspstudio.model;

/** An output column defined by a SQL expression: {@code expr AS name}. */
public record NamedExpr(String name, String expr) {
    @Override
    public String toString() {
        return expr.equals(name) ? name : expr + " AS " + name;
    }
}
