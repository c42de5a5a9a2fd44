// Benchmark driver for MisereSolver (part of grundy's bench/, not of CGSuite).
package org.cgsuite.core.misere.solver;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/** java Driver CODE LAST [REPORT...]: extend heap by heap to LAST; print, for each heap
 * in REPORT (and LAST), "heap N order Q cpu SECONDS" (CPU time of this thread). With the
 * environment variable MISERESOLVER_LOG set, MisereSolver's own log (each candidate tried,
 * its order and least failure) goes to standard error. */
public class Driver {
    public static void main(String[] args) {
        String code = args[0];
        int last = Integer.parseInt(args[1]);
        java.util.Set<Integer> report = new java.util.HashSet<>();
        for (int i = 2; i < args.length; i++) report.add(Integer.parseInt(args[i]));
        report.add(last);
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        long start = bean.getCurrentThreadCpuTime();
        MisereSolver ms = new MisereSolver(new OctalRules(code));
        if (System.getenv("MISERESOLVER_LOG") != null) ms.logs.add(System.err);
        while (ms.p.prefn.size() <= last) {
            int heap = ms.p.prefn.size();
            ms.next();
            if (report.contains(heap)) {
                double cpu = (bean.getCurrentThreadCpuTime() - start) / 1e9;
                System.out.printf("heap %d order %d cpu %.3f%n", heap, ms.p.quotient.monoid.size(), cpu);
                System.out.flush();
            }
        }
    }
}
