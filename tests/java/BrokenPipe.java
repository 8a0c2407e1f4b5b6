// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// SIGPIPE does not kill the VM: a write to a socket or pipe whose other end is closed
// fails with an IOException and the program goes on (HotSpot handles SIGPIPE; the default
// action would end the process with status 141). Checked for a TCP socket whose peer
// closed, a java.nio Pipe whose source is closed, and System.out of a second VM (the same
// java binary) whose reader went away, as in `java ... | head`. Child processes still
// start with SIGPIPE's default action, as the JDK expects (HotSpot installs a handler,
// which exec resets, rather than ignoring the signal): in `yes | head -c 2`, yes dies of
// SIGPIPE instead of reporting a write error.
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;

public class BrokenPipe {
    /* The child for the System.out case: prints until the reader is gone. */
    public static class Printer {
        public static void main(String[] args) {
            for (int i = 0; i < 100_000_000; i++) {
                System.out.println("line " + i);
                if (System.out.checkError()) {
                    System.err.println("printer: System.out reports the error and the VM goes on");
                    return;
                }
            }
            System.err.println("printer: the reader never went away");
        }
    }

    static void socket() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             Socket client = new Socket(server.getInetAddress(), server.getLocalPort())) {
            server.accept().close();
            OutputStream out = client.getOutputStream();
            byte[] chunk = new byte[8192];
            try {
                // The first writes may still be accepted; the peer answers them with a
                // reset, after which a write fails (EPIPE, or ECONNRESET first).
                for (int i = 0; i < 100_000; i++) {
                    out.write(chunk);
                    Thread.sleep(1);
                }
                System.out.println("socket: every write succeeded");
            } catch (IOException e) {
                System.out.println("socket: IOException after the peer closed");
            }
        }
    }

    static void pipe() throws Exception {
        Pipe p = Pipe.open();
        p.source().close();
        try {
            p.sink().write(ByteBuffer.wrap(new byte[] {1, 2, 3}));
            System.out.println("pipe: the write succeeded");
        } catch (IOException e) {
            System.out.println("pipe: " + e.getClass().getName() + ": " + e.getMessage());
        }
        p.sink().close();
    }

    static void stdout() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "BrokenPipe$Printer").start();
        InputStream in = p.getInputStream();
        byte[] first = new byte[6];
        int n = in.readNBytes(first, 0, first.length);
        System.out.println("stdout: the child printed \"" + new String(first, 0, n, StandardCharsets.UTF_8) + "\"");
        in.close(); // like head: the reader goes away
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        System.out.print("stdout: " + err);
        System.out.println("stdout: child exit status " + p.waitFor());
    }

    static void childDefault() throws Exception {
        Process p = new ProcessBuilder("sh", "-c", "(yes; echo \"yes exit status $?\" >&2) | head -c 2 > /dev/null")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        System.out.print("child process: " + out);
    }

    public static void main(String[] args) throws Exception {
        socket();
        pipe();
        stdout();
        childDefault();
        System.out.println("still running");
    }
}
