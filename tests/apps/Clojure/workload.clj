;; SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
;; A workload for tests/apps/Clojure (see run).
(ns workload
  (:require [clojure.string :as str]
            [clojure.set :as set]
            [clojure.walk :as walk]
            [clojure.spec.alpha :as s]))

(defprotocol Shape (area [this]) (describe [this]))
(defrecord Rect [w h]
  Shape
  (area [_] (* w h))
  (describe [this] (str "rect " w "x" h " area " (area this))))
(defrecord Circle [r]
  Shape
  (area [_] (* Math/PI r r))
  (describe [this] (format "circle r=%d area %.3f" r (area this))))

(defmulti greet :lang)
(defmethod greet :en [p] (str "Hello, " (:name p)))
(defmethod greet :fr [p] (str "Bonjour, " (:name p)))
(defmethod greet :default [p] (str "?? " (:name p)))

(defmacro unless [c & body] `(if ~c nil (do ~@body)))

(defn primes [] (filter (fn [n] (every? #(pos? (mod n %)) (range 2 (inc (int (Math/sqrt n)))))) (iterate inc 2)))

(s/def ::age (s/and int? #(<= 0 % 150)))
(s/def ::person (s/keys :req-un [::name ::age]))
(s/def ::name string?)

(println (take 10 (primes)))
(println (->> (range 1 20) (map #(* % %)) (filter even?) (reduce +)))
(println (frequencies (str/split "the quick brown fox jumps over the lazy dog the end" #" ")))
(println (into (sorted-map) (group-by count ["a" "bb" "cc" "ddd" "e"])))
(println (map describe [(->Rect 3 4) (->Circle 2)]))
(println (map greet [{:lang :en :name "Ada"} {:lang :fr :name "Alan"} {:lang :de :name "Grace"}]))
(println (unless false :ran) (unless true :not-ran))
(println (set/union #{1 2} #{2 3}) (set/difference #{1 2 3} #{2}) (sorted-set 5 3 9 1))
(println (walk/postwalk #(if (number? %) (* 10 %) %) {:a [1 2 {:b 3}]}))
(let [a (atom 0)
      fs (doall (for [i (range 8)] (future (swap! a + i) i)))]
  (println "futures" (map deref fs) "atom" (do (doseq [f fs] @f) @a)))
(println (let [v (transient [])] (dotimes [i 5] (conj! v i)) (persistent! v)))
(println (str/join "," (map str/upper-case ["x" "y"])) (str/replace "a-b-c" "-" "+") (re-seq #"\d+" "a1b22c333"))
(println (.toUpperCase "interop") (str (java.util.ArrayList. [1 2 3])) (count (.getBytes "h\u00e9llo" "UTF-8")))
(println (try (throw (ex-info "boom" {:code 42})) (catch clojure.lang.ExceptionInfo e [(ex-message e) (ex-data e)])))
(println (try (/ 1 0) (catch ArithmeticException e (.getMessage e))))
(println (s/valid? ::person {:name "Ada" :age 36}) (s/valid? ::person {:name "Ada" :age 200}))
(println (s/explain-str ::person {:name 7 :age 36}))
(println (reduce * (range 1N 30N)) (/ 22 7) (bit-shift-left 1 40) (format "%08.3f" 3.14159))
(println (seq (sort-by :n [{:n 3} {:n 1} {:n 2}])) (partition 3 2 (range 8)))
(shutdown-agents)
