// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// A workload for tests/apps/Jetty (see run).
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import javax.servlet.DispatcherType;
import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.servlet.FilterHolder;
import org.eclipse.jetty.servlet.ServletContextHandler;
import org.eclipse.jetty.servlet.ServletHolder;

public class Main {
    public static class Hello extends HttpServlet {
        @Override
        protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
            resp.setContentType("text/plain;charset=utf-8");
            resp.setHeader("X-Path", req.getPathInfo());
            resp.getWriter().println("hello " + req.getParameter("name") + " via " + req.getMethod());
        }

        @Override
        protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
            byte[] body = req.getInputStream().readAllBytes();
            resp.setContentType("text/plain");
            resp.getWriter().print("posted " + body.length + " bytes: " + new String(body, StandardCharsets.UTF_8).toUpperCase());
        }
    }

    public static class Big extends HttpServlet {
        @Override
        protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
            PrintWriter w = resp.getWriter();
            for (int i = 0; i < 5000; i++) w.println("line " + i);
        }
    }

    public static class Tag implements Filter {
        @Override
        public void doFilter(ServletRequest req, ServletResponse resp, FilterChain chain) throws IOException, ServletException {
            ((HttpServletResponse) resp).setHeader("X-Filtered", "yes");
            chain.doFilter(req, resp);
        }
    }

    static String fetch(String method, URL url, String body) throws IOException {
        HttpURLConnection c = (HttpURLConnection) url.openConnection();
        c.setRequestMethod(method);
        if (body != null) {
            c.setDoOutput(true);
            try (OutputStream o = c.getOutputStream()) {
                o.write(body.getBytes(StandardCharsets.UTF_8));
            }
        }
        int code = c.getResponseCode();
        InputStream in = code < 400 ? c.getInputStream() : c.getErrorStream();
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        if (in != null) in.transferTo(buf);
        String text = buf.toString(StandardCharsets.UTF_8);
        String summary = text.length() > 80 ? text.length() + " chars, ends " + text.substring(text.length() - 11).trim() : text.trim();
        return method + " " + url.getPath() + " -> " + code + " [X-Path " + c.getHeaderField("X-Path") + ", X-Filtered "
                + c.getHeaderField("X-Filtered") + ", " + c.getContentType() + "] " + summary;
    }

    public static void main(String[] args) throws Exception {
        // Jetty's pool threads are not daemons: a failure must end the VM, not leave it
        // waiting for them.
        try {
            serve();
        } catch (Throwable t) {
            t.printStackTrace();
            System.exit(1);
        }
    }

    static void serve() throws Exception {
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost(InetAddress.getLoopbackAddress().getHostAddress());
        connector.setPort(0);
        server.addConnector(connector);
        ServletContextHandler ctx = new ServletContextHandler();
        ctx.setContextPath("/app");
        ctx.addServlet(new ServletHolder(new Hello()), "/hello/*");
        ctx.addServlet(new ServletHolder(new Big()), "/big");
        ctx.addFilter(new FilterHolder(new Tag()), "/hello/*", EnumSet.of(DispatcherType.REQUEST));
        server.setHandler(ctx);
        server.start();
        System.out.println("started: " + server.isStarted());
        String base = "http://" + connector.getHost() + ":" + connector.getLocalPort();
        System.out.println(fetch("GET", new URL(base + "/app/hello/world?name=GlassVM"), null));
        System.out.println(fetch("POST", new URL(base + "/app/hello/x"), "some body"));
        System.out.println(fetch("GET", new URL(base + "/app/big"), null));
        System.out.println(fetch("GET", new URL(base + "/app/missing"), null).replaceAll("(?s)\\] .*", "]"));
        System.out.println(fetch("GET", new URL(base + "/elsewhere"), null).replaceAll("(?s)\\] .*", "]"));
        server.stop();
        server.join();
        System.out.println("stopped: " + server.isStopped());
    }
}
