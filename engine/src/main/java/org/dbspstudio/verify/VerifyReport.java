package org.dbspstudio.verify;

/**
 * The verifier's verdict.
 *
 * @param equivalent true when every output matched at every step of every run
 * @param runs       runs compared (the scenario, if any, plus the random ones)
 * @param steps      steps compared in total
 * @param nonEmpty   (step, output) pairs whose expected change was not zero: a verification in
 *                   which nothing ever changed proves little
 * @param mismatch   the first mismatch, or null
 * @param error      an engine failure that stopped a run ("run: operator: reason"), or null
 */
public record VerifyReport(boolean equivalent, int runs, int steps, long nonEmpty, Mismatch mismatch, String error) {

    /** One paragraph for the command line. */
    public String describe() {
        if (equivalent) {
            return "equivalent: Q^Δ(Δs) = D(Q(I(Δs))) on " + runs + " run(s), " + steps + " step(s) in total, "
                    + nonEmpty + " non-empty output change(s)";
        }
        if (error != null) {
            return "could not verify: " + error;
        }
        return mismatch.describe();
    }
}
