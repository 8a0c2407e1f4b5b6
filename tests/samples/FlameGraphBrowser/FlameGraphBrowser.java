// Drives headless Chromium through its DevTools protocol (a WebSocket, with the JDK's
// own java.net.http client: no other dependency) to check a flame graph page of
// samples/profiler in a real browser:
//
//   java FlameGraphBrowser CHROMIUM PAGE.html SCREENSHOT.png HOT ABSENT
//
// Checks, each printed as "ok: ..." or "FAIL: ..." (exit status 1 if any failed): the
// page renders frames; HOT (e.g. Fib.fib) is in it and holds more than half of the
// samples; no frame is named ABSENT (e.g. a sleeping thread's method in a CPU profile);
// a frame's tooltip gives its samples (or bytes) and percentage; a real mouse click on the widest
// HOT frame zooms into it (it becomes the full width, "Reset zoom" appears); searching
// for HOT reports the matched share; the page requested nothing but itself (a
// self-contained file: no network resource). The screenshot after the zoom is saved.
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class FlameGraphBrowser {
    static final long TIMEOUT_S = 60;
    static WebSocket ws;
    static final BlockingQueue<String> messages = new LinkedBlockingQueue<>();
    static int nextId = 1;
    static int failures;

    static void check(boolean ok, String what) {
        System.out.println((ok ? "ok: " : "FAIL: ") + what);
        if (!ok) failures++;
    }

    /* Sends a command, returns its response (events that arrive meanwhile are kept in
     * `events` order-free: the caller waits for those it needs with awaitEvent). */
    static final StringBuilder events = new StringBuilder();

    static String send(String method, String params) throws Exception {
        int id = nextId++;
        ws.sendText("{\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}", true).get();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_S);
        while (true) {
            String m = messages.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (m == null) throw new IllegalStateException("no reply to " + method);
            if (m.startsWith("{\"id\":" + id + ",")) return m;
            events.append(m).append('\n');
        }
    }

    static void awaitEvent(String method) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_S);
        while (events.indexOf("\"method\":\"" + method + "\"") < 0) {
            String m = messages.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (m == null) throw new IllegalStateException("no event " + method);
            events.append(m).append('\n');
        }
    }

    static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }

    /* Evaluates a JavaScript expression whose value is a string without quotes or
     * backslashes; returns it. */
    static String eval(String expr) throws Exception {
        String r = send("Runtime.evaluate", "{\"expression\":" + quote(expr) + ",\"returnByValue\":true}");
        Matcher m = Pattern.compile("\"value\":\"([^\"\\\\]*)\"").matcher(r);
        if (!m.find()) throw new IllegalStateException("evaluation failed: " + r);
        return m.group(1);
    }

    static String field(String s, String key) {
        Matcher m = Pattern.compile("(?:^| )" + Pattern.quote(key) + "=(\\S*)").matcher(s);
        return m.find() ? m.group(1) : "";
    }

    public static void main(String[] args) throws Exception {
        String chromium = args[0];
        Path page = Path.of(args[1]).toAbsolutePath();
        Path shot = Path.of(args[2]);
        String hot = args[3], absent = args[4];
        Path profileDir = Files.createTempDirectory("chromium-profile");
        Process browser = new ProcessBuilder(chromium, "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--user-data-dir=" + profileDir,
                "--remote-debugging-port=0", "--window-size=1280,800", "about:blank")
            .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            run(page, shot, hot, absent, profileDir);
        } finally {
            if (ws != null) ws.abort();
            // Chromium's helper processes (zygote, network service) may outlive it and
            // keep writing into the profile: end them all, then delete it.
            java.util.List<ProcessHandle> helpers = browser.descendants().toList();
            browser.destroy();
            helpers.forEach(ProcessHandle::destroy);
            if (!browser.waitFor(10, TimeUnit.SECONDS)) browser.destroyForcibly().waitFor();
            for (ProcessHandle h : helpers) {
                try {
                    h.onExit().get(10, TimeUnit.SECONDS);
                } catch (Exception e) {
                    h.destroyForcibly();
                }
            }
            deleteTree(profileDir);
        }
        System.exit(failures == 0 ? 0 : 1);
    }

    /* Deletes dir and what it holds; a file that vanishes meanwhile is no error. */
    static void deleteTree(Path dir) {
        for (int attempt = 0; attempt < 3 && Files.exists(dir); attempt++) {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (Exception e) {
                // raced with a file being removed: walk again
            }
        }
    }

    static void run(Path page, Path shot, String hot, String absent, Path profileDir) throws Exception {
        // The DevTools port, once Chromium has written it.
        Path portFile = profileDir.resolve("DevToolsActivePort");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_S);
        while (!Files.exists(portFile) || Files.readAllLines(portFile).isEmpty()) {
            if (System.nanoTime() > deadline) throw new IllegalStateException("Chromium did not start");
            Thread.sleep(100);
        }
        String port = Files.readAllLines(portFile).get(0).trim();
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(TIMEOUT_S)).build();
        String list = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list")).build(),
                                HttpResponse.BodyHandlers.ofString()).body();
        Matcher m = Pattern.compile("\"type\":\\s*\"page\"[^}]*?\"webSocketDebuggerUrl\":\\s*\"([^\"]+)\"").matcher(list);
        Matcher m2 = Pattern.compile("\"webSocketDebuggerUrl\":\\s*\"([^\"]+/page/[^\"]+)\"").matcher(list);
        String url = m.find() ? m.group(1) : m2.find() ? m2.group(1) : null;
        if (url == null) throw new IllegalStateException("no page target: " + list);
        ws = http.newWebSocketBuilder().buildAsync(URI.create(url), new WebSocket.Listener() {
            final StringBuilder partial = new StringBuilder();
            public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
                partial.append(data);
                if (last) {
                    messages.add(partial.toString());
                    partial.setLength(0);
                }
                w.request(1);
                return null;
            }
        }).get(TIMEOUT_S, TimeUnit.SECONDS);

        send("Page.enable", "{}");
        send("Network.enable", "{}"); // every request the page makes, as events
        send("Page.navigate", "{\"url\":" + quote(page.toUri().toString()) + "}");
        awaitEvent("Page.loadEventFired");

        // The rendered model.
        String js = "(() => { const fg = window.flamegraph; if (!fg) return 'loaded=no';"
            + " const frames = document.querySelectorAll('#graph g.frame');"
            + " let hot = 0, absent = 0;"
            + " (function walk(n, under) { const isHot = n.name === " + quote(hot) + ";"
            + "   if (isHot && !under) hot += n.total; if (n.name === " + quote(absent) + ") absent++;"
            + "   n.children.forEach(c => walk(c, under || isHot)); })(fg.root, false);"
            + " const t = [...frames].find(g => g.frameNode.name === " + quote(hot) + ");"
            + " const tip = t ? t.querySelector('title').textContent.replace(/[^ -~]/g, '?').replace(/[\"\\\\]/g, '') : '';"
            + " return 'loaded=yes frames=' + frames.length + ' share=' + (hot / fg.root.total).toFixed(3)"
            + "   + ' absent=' + absent + ' tip=' + encodeURIComponent(tip); })()";
        String r = eval(js);
        check(field(r, "loaded").equals("yes"), "the page loaded its profile");
        check(Integer.parseInt(field(r, "frames").isEmpty() ? "0" : field(r, "frames")) > 1,
              "frames rendered: " + field(r, "frames"));
        double share = Double.parseDouble(field(r, "share").isEmpty() ? "0" : field(r, "share"));
        check(share > 0.5, hot + " holds more than half of the samples: " + share);
        check(field(r, "absent").equals("0"), "no frame " + absent);
        String tip = java.net.URLDecoder.decode(field(r, "tip"), "UTF-8");
        check(tip.startsWith(hot + " (") && tip.matches(".* \\([0-9,]+ (samples|bytes), [0-9.]+%.*"), "tooltip: " + tip);

        // A real click on the widest hot frame.
        String pos = eval("(() => { let best = null, w = 0;"
            + " for (const g of document.querySelectorAll('#graph g.frame')) {"
            + "   if (g.frameNode.name !== " + quote(hot) + ") continue;"
            + "   const b = g.querySelector('rect').getBoundingClientRect(); if (b.width > w) { w = b.width; best = g; } }"
            + " if (!best) return 'x= y=';"
            + " best.querySelector('rect').scrollIntoView({block: 'center'});"  // deep profiles are taller than the window
            + " const b = best.querySelector('rect').getBoundingClientRect();"
            + " return 'x=' + (b.left + Math.min(b.width / 2, 50)) + ' y=' + (b.top + b.height / 2); })()");
        String x = field(pos, "x"), y = field(pos, "y");
        check(!x.isEmpty(), "a " + hot + " frame to click at " + x + "," + y);
        if (!x.isEmpty()) {
            for (String type : new String[] {"mouseMoved", "mousePressed", "mouseReleased"}) {
                send("Input.dispatchMouseEvent", "{\"type\":\"" + type + "\",\"x\":" + x + ",\"y\":" + y
                     + (type.equals("mouseMoved") ? "" : ",\"button\":\"left\",\"clickCount\":1") + "}");
            }
            String z = eval("(() => { const fg = window.flamegraph; const svg = document.getElementById('graph');"
                + " const g = [...document.querySelectorAll('#graph g.frame')].find(g => g.frameNode === fg.zoomed);"
                + " const w = g ? g.querySelector('rect').getBoundingClientRect().width : 0;"
                + " return 'zoomed=' + encodeURIComponent(fg.zoomed.name) + ' full=' + (w >= svg.getBoundingClientRect().width - 2)"
                + "   + ' reset=' + getComputedStyle(document.getElementById('reset')).visibility; })()");
            check(java.net.URLDecoder.decode(field(z, "zoomed"), "UTF-8").equals(hot), "the click zoomed into " + hot);
            check(field(z, "full").equals("true"), "the zoomed frame spans the full width");
            check(field(z, "reset").equals("visible"), "'Reset zoom' is shown");
        }
        String s = send("Page.captureScreenshot", "{\"format\":\"png\"}");
        Matcher d = Pattern.compile("\"data\":\"([^\"]+)\"").matcher(s);
        check(d.find(), "screenshot taken");
        if (d.find(0)) Files.write(shot, Base64.getDecoder().decode(d.group(1)));

        // Search.
        String found = eval("(() => { const box = document.getElementById('search'); box.value = " + quote(hot) + ";"
            + " box.dispatchEvent(new Event('input')); return 'matched=' + encodeURIComponent(document.getElementById('matched').textContent); })()");
        String matched = java.net.URLDecoder.decode(field(found, "matched"), "UTF-8");
        check(matched.startsWith("Matched: ") && matched.endsWith("%"), "search: " + matched);

        // Self-contained: after loading, zooming and searching, the page requested
        // nothing but itself (no script, style, font or image from anywhere).
        send("Runtime.evaluate", "{\"expression\":\"1\"}"); // collects the events sent so far
        Matcher req = Pattern.compile("\"method\":\"Network\\.requestWillBeSent\".*?\"request\":\\{\"url\":\"([^\"]*)\"")
            .matcher(events);
        StringBuilder others = new StringBuilder();
        while (req.find()) {
            String u = req.group(1);
            if (!u.equals(page.toUri().toString()) && !u.equals(page.toUri().toASCIIString())) others.append(" ").append(u);
        }
        check(others.length() == 0, "no request but the page itself" + (others.length() == 0 ? "" : ":" + others));
    }
}
