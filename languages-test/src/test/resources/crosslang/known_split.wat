;; A WebAssembly module with a known split of CPU time: alpha 60 %, beta 30 %, gamma 10 %.
;; The three functions run the same loop; only the trip count differs (6 : 3 : 1).
;; Built by the test with `wat2wasm --debug-names`, so the name section carries the function names.
(module
  (func $alpha (param $n i32) (result i32)
    (local $i i32) (local $x i32)
    (local.set $x (i32.or (local.get $n) (i32.const 1)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (i32.mul (local.get $n) (i32.const 6))))
        (local.set $x (i32.xor (local.get $x) (i32.shl (local.get $x) (i32.const 13))))
        (local.set $x (i32.xor (local.get $x) (i32.shr_u (local.get $x) (i32.const 17))))
        (local.set $x (i32.xor (local.get $x) (i32.shl (local.get $x) (i32.const 5))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (local.get $x))
  (func $beta (param $n i32) (result i32)
    (local $i i32) (local $x i32)
    (local.set $x (i32.or (local.get $n) (i32.const 1)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (i32.mul (local.get $n) (i32.const 3))))
        (local.set $x (i32.xor (local.get $x) (i32.shl (local.get $x) (i32.const 13))))
        (local.set $x (i32.xor (local.get $x) (i32.shr_u (local.get $x) (i32.const 17))))
        (local.set $x (i32.xor (local.get $x) (i32.shl (local.get $x) (i32.const 5))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (local.get $x))
  (func $gamma (param $n i32) (result i32)
    (local $i i32) (local $x i32)
    (local.set $x (i32.or (local.get $n) (i32.const 1)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $x (i32.xor (local.get $x) (i32.shl (local.get $x) (i32.const 13))))
        (local.set $x (i32.xor (local.get $x) (i32.shr_u (local.get $x) (i32.const 17))))
        (local.set $x (i32.xor (local.get $x) (i32.shl (local.get $x) (i32.const 5))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (local.get $x))
  (func $run (export "run") (param $rounds i32) (result i32)
    (local $r i32) (local $sink i32)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $r) (local.get $rounds)))
        (local.set $sink (i32.xor (local.get $sink) (call $alpha (i32.const 100000))))
        (local.set $sink (i32.xor (local.get $sink) (call $beta (i32.const 100000))))
        (local.set $sink (i32.xor (local.get $sink) (call $gamma (i32.const 100000))))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $next)))
    (local.get $sink)))
