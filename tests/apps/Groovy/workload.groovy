// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// A workload for tests/apps/Groovy (see run).
import groovy.json.JsonOutput
import groovy.json.JsonSlurper
import groovy.transform.CompileStatic
import groovy.transform.ToString
import groovy.xml.MarkupBuilder

@ToString(includeNames = true)
class Point {
    int x, y
    Point plus(Point o) { new Point(x: x + o.x, y: y + o.y) }
}

trait Greeter {
    String greet() { "Hello from ${name()}" }
    abstract String name()
}

class Robot implements Greeter {
    String name() { 'robot' }
    def methodMissing(String n, args) { "missing $n(${args.join(', ')})" }
}

@CompileStatic
long fib(int n) {
    long a = 0, b = 1
    for (int i = 0; i < n; i++) { long t = a + b; a = b; b = t }
    return a
}

def pts = (1..5).collect { new Point(x: it, y: it * it) }
println pts.findAll { it.y % 2 == 1 }.collect { it.toString() }.join('; ')
println pts.inject(new Point(x: 0, y: 0)) { acc, p -> acc + p }
def m = [b: 2, a: 1, c: 3]
println m.sort { it.key }.collectEntries { k, v -> [k.toUpperCase(), v * 10] }
println m.groupBy { it.value % 2 == 0 ? 'even' : 'odd' }.collectEntries { k, v -> [k, v.keySet().sort()] }.sort()
String.metaClass.shout = { -> delegate.toUpperCase() + '!' }
println 'hello'.shout()
def r = new Robot()
println r.greet() + ' / ' + r.dance(1, 'two')
println((1..20).findAll { n -> (2..<n).every { n % it != 0 } && n > 1 })
println fib(50)
def text = 'GlassVM 17 runs Groovy 2 and Jython 2.7'
println((text =~ /\d+(\.\d+)?/).collect { it[0] })
println text.tokenize().countBy { it.size() }.sort()
def json = JsonOutput.toJson([name: 'glass', list: [1, 2, 3], nested: [ok: true]])
println json
def parsed = new JsonSlurper().parseText(json)
println "${parsed.name} ${parsed.list.sum()} ${parsed.nested.ok}"
def sw = new StringWriter()
new MarkupBuilder(sw).html { body { p(class: 'x', 'para') ; ul { ['a', 'b'].each { li(it) } } } }
println sw.toString().readLines()*.trim().join('')
def xml = new XmlSlurper().parseText('<r><i n="1">one</i><i n="2">two</i></r>')
println xml.i.findAll { it.@n.toInteger() > 1 }*.text()
def sb = new StringBuilder()
[3, 1, 2].sort().eachWithIndex { v, i -> sb << "$i:$v " }
println sb.toString().trim()
try {
    null.foo()
} catch (NullPointerException e) {
    println "NPE caught: ${e.class.simpleName}"
}
println 'done'
