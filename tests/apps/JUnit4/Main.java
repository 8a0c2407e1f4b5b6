// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// A workload for tests/apps/JUnit4 (see run).
import static org.hamcrest.CoreMatchers.containsString;
import static org.hamcrest.CoreMatchers.either;
import static org.hamcrest.CoreMatchers.everyItem;
import static org.hamcrest.CoreMatchers.is;
import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThat;
import static org.junit.Assert.assertTrue;
import static org.junit.Assume.assumeTrue;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.junit.After;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.FixMethodOrder;
import org.junit.Ignore;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.rules.TestName;
import org.junit.runner.Description;
import org.junit.runner.JUnitCore;
import org.junit.runner.Result;
import org.junit.runner.RunWith;
import org.junit.runner.notification.Failure;
import org.junit.runner.notification.RunListener;
import org.junit.runners.MethodSorters;
import org.junit.runners.Parameterized;
import org.junit.runners.Parameterized.Parameters;

public class Main {
    static final List<String> log = new ArrayList<>();

    @FixMethodOrder(MethodSorters.NAME_ASCENDING)
    public static class Basics {
        @Rule
        public TemporaryFolder tmp = new TemporaryFolder();
        @Rule
        public TestName name = new TestName();
        private List<Integer> list;

        @BeforeClass
        public static void once() {
            log.add("BeforeClass");
        }

        @Before
        public void setUp() {
            list = new ArrayList<>(Arrays.asList(3, 1, 2));
        }

        @After
        public void tearDown() {
            log.add("After " + name.getMethodName());
        }

        @Test
        public void sorts() {
            list.sort(null);
            assertEquals(Arrays.asList(1, 2, 3), list);
        }

        @Test
        public void failsWithMessage() {
            assertEquals("sizes", 4, list.size());
        }

        @Test(expected = IndexOutOfBoundsException.class)
        public void throwsExpected() {
            list.get(10);
        }

        @Test
        public void throwsUnexpected() {
            Object o = "text";
            Integer i = (Integer) o;
            assertTrue(i > 0);
        }

        @Test
        public void assumes() {
            assumeTrue("only on Tuesdays", false);
        }

        @Ignore("not today")
        @Test
        public void ignored() {
        }

        @Test(timeout = 20_000)
        public void withTimeout() throws Exception {
            File f = tmp.newFile("data.txt");
            java.nio.file.Files.writeString(f.toPath(), "contents");
            assertThat(java.nio.file.Files.readString(f.toPath()), containsString("tent"));
        }

        @Test
        public void matchers() {
            assertThat(Arrays.asList(2, 4, 6), everyItem(either(is(2)).or(is(4))));
        }

        @Test
        public void arrays() {
            assertArrayEquals(new int[] {1, 2, 3}, new int[] {1, 2, 4});
        }
    }

    @RunWith(Parameterized.class)
    public static class Squares {
        @Parameters(name = "{index}: {0}^2 = {1}")
        public static Collection<Object[]> data() {
            return Arrays.asList(new Object[][] {{1, 1}, {2, 4}, {3, 10}, {4, 16}});
        }

        private final int in, out;

        public Squares(int in, int out) {
            this.in = in;
            this.out = out;
        }

        @Test
        public void square() {
            assertEquals(out, in * in);
        }
    }

    public static void main(String[] args) {
        JUnitCore core = new JUnitCore();
        core.addListener(new RunListener() {
            @Override
            public void testStarted(Description d) {
                System.out.println("start " + d.getDisplayName());
            }

            @Override
            public void testFailure(Failure f) {
                System.out.println("  FAILED: " + f.getException().getClass().getName() + ": " + f.getMessage());
            }

            @Override
            public void testAssumptionFailure(Failure f) {
                System.out.println("  assumption failed: " + f.getMessage());
            }

            @Override
            public void testIgnored(Description d) {
                System.out.println("ignored " + d.getDisplayName());
            }
        });
        Result r = core.run(Basics.class, Squares.class);
        System.out.println("run " + r.getRunCount() + ", failed " + r.getFailureCount() + ", ignored " + r.getIgnoreCount()
                + ", assumptions " + r.getAssumptionFailureCount() + ", successful " + r.wasSuccessful());
        System.out.println(log);
    }
}
