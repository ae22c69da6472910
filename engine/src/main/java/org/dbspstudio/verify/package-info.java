/**
 * The verifier of incremental circuits: {@link org.dbspstudio.verify.Verifier} runs an original
 * circuit over snapshots and its incremental version on the engine and checks
 * {@code Q^Δ(Δs) = D(Q(I(Δs)))} at every step for every output, on a scenario and on seeded
 * random change streams ({@link org.dbspstudio.verify.RandomChanges}). (The transitive-closure
 * benchmark is {@code dbsp bench} B3/B4, in {@code org.dbspstudio.engine.bench}.)
 */
package org.dbspstudio.verify;
