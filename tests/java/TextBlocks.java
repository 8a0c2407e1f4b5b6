// Text blocks (JDK 15): incidental indentation stripping, trailing space removal,
// escapes (\n, \t, \", \\, \s, line continuation \<newline>), the closing delimiter
// position, and the String methods that implement them (stripIndent, translateEscapes,
// formatted).
public class TextBlocks {
    public static void main(String[] args) {
        String html = """
            <html>
                <body>
                    <p>Hello, "world"</p>
                </body>
            </html>
            """;
        System.out.print(html);
        String noTrailingNewline = """
            one
            two""";
        System.out.println("[" + noTrailingNewline + "] lines " + noTrailingNewline.lines().count());
        String closingLeft = """
                indented
                  more
            """;
        System.out.print(closingLeft.replace(' ', '.'));
        String escapes = """
            tab\there
            quote \""" inside
            backslash \\ and \s space kept
            joined \
            line
            unicode \u00e9
            """;
        System.out.print(escapes);
        String trailing = """
            trailing spaces removed   
            kept with escape  \s
            """;
        System.out.print(trailing.replace(' ', '_'));
        System.out.println("""
            %s has %d items""".formatted("cart", 3));
        System.out.println("  a\n    b\n  c".stripIndent().replace("\n", "|") + " " + "tab\\tnewline\\n\\101\\s".translateEscapes().replace("\t", "<TAB>").replace("\n", "<NL>"));
        String empty = """
            """;
        System.out.println("empty length " + empty.length() + " equals literal " + html.equals("<html>\n    <body>\n        <p>Hello, \"world\"</p>\n    </body>\n</html>\n"));
    }
}
