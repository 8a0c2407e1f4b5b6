# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# A workload for tests/apps/Jython (see run).
import re, json, collections
from java.util import ArrayList, TreeMap
from java.lang import StringBuilder, Math

def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b

class Animal(object):
    def __init__(self, name, legs):
        self.name, self.legs = name, legs
    def __repr__(self):
        return 'Animal(%r, %d)' % (self.name, self.legs)

g = fib()
print([next(g) for _ in range(15)])
zoo = [Animal('spider', 8), Animal('bird', 2), Animal('cat', 4)]
print(sorted(zoo, key=lambda a: a.legs))
print(dict((a.name, a.legs) for a in zoo if a.legs > 2) == {'spider': 8, 'cat': 4})
print(collections.Counter('mississippi').most_common(2))
print(re.sub(r'(\w+)@(\w+)\.org', r'\2 at \1', 'write to glass@example.org'))
print(json.dumps({'a': [1, 2, {'b': None}], 'c': True}, sort_keys=True))
l = ArrayList()
for w in 'the quick brown fox'.split():
    l.add(w.upper())
print(l, l.size())
tm = TreeMap()
tm.put('b', 2); tm.put('a', 1)
print(tm, Math.max(3, 7), StringBuilder('abc').reverse().toString())
try:
    1 / 0
except ZeroDivisionError as e:
    print('caught', type(e).__name__)
print('%.3f %s %r' % (3.14159, [x * x for x in range(5)], u'\u00e9'))
