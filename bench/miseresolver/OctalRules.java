// Octal-game rules for the MisereSolver benchmark (part of grundy's bench/, not of CGSuite).
package org.cgsuite.core.misere.solver;

import java.util.ArrayList;
import java.util.List;

/** The options of a heap in an octal game 0.d1d2d3...: each a list of the heaps left. */
public class OctalRules {
    private final String code;
    private final int[] digits;

    public OctalRules(String code) {
        this.code = code;
        String tail = code.substring(code.indexOf('.') + 1);
        digits = new int[tail.length() + 1];
        for (int k = 1; k <= tail.length(); k++) {
            digits[k] = tail.charAt(k - 1) - '0';
        }
    }

    public List<int[]> heapOptions(int n) {
        List<int[]> out = new ArrayList<>();
        for (int k = 1; k < digits.length && k <= n; k++) {
            int d = digits[k], rest = n - k;
            if ((d & 1) != 0 && rest == 0) out.add(new int[0]);
            if ((d & 2) != 0 && rest > 0) out.add(new int[] {rest});
            if ((d & 4) != 0) {
                for (int a = 1; a <= rest - a; a++) out.add(new int[] {a, rest - a});
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return code;
    }
}
