// Graph algorithms on one generated road-network-like graph, as a library of them would run:
// written for this suite, not tuned against any profiler. Four phases, each timing itself with
// Date.now, so every run prints its own truth:
//   depthFirst    recursive depth-first numbering along long chains (recursion 1 500 to 3 000
//                 deep, a little work per frame: deep stacks that change all the time);
//   components    Tarjan's strongly connected components (recursive, with an explicit stack
//                 object and its methods: deep and call-dense at once);
//   shortestPaths Dijkstra with a binary heap class (push / pop / siftUp / siftDown: small
//                 methods called millions of times, shallow stacks);
//   summarize     a visitor over five kinds of node objects (megamorphic calls through one site).
// Shares are of inclusive time among the four. Arguments: rounds (default 8).
'use strict';

function rng(seed) {
    let s = seed >>> 0;
    return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 4294967296; };
}

// a grid of towns joined in long one-way chains, with shortcuts: long DFS paths, some cycles
function makeGraph(n, seed) {
    const rnd = rng(seed);
    const adj = [];
    for (let i = 0; i < n; i++) { adj.push([]); }
    for (let i = 0; i + 1 < n; i++) {
        if (i % 3000 !== 2999) { adj[i].push({to: i + 1, w: 1 + Math.floor(rnd() * 9)}); }
    }
    for (let k = 0; k < n; k++) {
        const a = Math.floor(rnd() * n), b = Math.floor(rnd() * n);
        adj[a].push({to: b, w: 5 + Math.floor(rnd() * 40)});
    }
    return adj;
}

function depthFirst(adj) {
    const order = new Int32Array(adj.length).fill(-1);
    let next = 0, sum = 0;
    function visit(v, depth) {
        order[v] = next++;
        let local = v;
        for (let k = 0; k < 40; k++) { local = (local * 31 + k) & 0xfffff; }
        sum = (sum + local + depth) | 0;
        const out = adj[v];
        for (let i = 0; i < out.length; i++) {
            const u = out[i].to;
            if (order[u] < 0 && depth < 3000) { visit(u, depth + 1); }
        }
    }
    for (let v = 0; v < adj.length; v++) {
        if (order[v] < 0) { visit(v, 0); }
    }
    return sum;
}

class IntStack {
    constructor(n) { this.items = new Int32Array(n); this.size = 0; this.on = new Uint8Array(n); }
    push(v) { this.items[this.size++] = v; this.on[v] = 1; }
    pop() { const v = this.items[--this.size]; this.on[v] = 0; return v; }
    has(v) { return this.on[v] === 1; }
}

function components(adj) {
    const n = adj.length;
    const index = new Int32Array(n).fill(-1), low = new Int32Array(n);
    const stack = new IntStack(n);
    let counter = 0, count = 0, largest = 0;
    function strong(v, depth) {
        index[v] = low[v] = counter++;
        stack.push(v);
        const out = adj[v];
        for (let i = 0; i < out.length; i++) {
            const u = out[i].to;
            if (index[u] < 0) {
                if (depth < 2500) {
                    strong(u, depth + 1);
                    low[v] = Math.min(low[v], low[u]);
                }
            } else if (stack.has(u)) {
                low[v] = Math.min(low[v], index[u]);
            }
        }
        if (low[v] === index[v]) {
            let size = 0, w;
            do { w = stack.pop(); size++; } while (w !== v);
            count++;
            if (size > largest) { largest = size; }
        }
    }
    for (let v = 0; v < n; v++) {
        if (index[v] < 0) { strong(v, 0); }
    }
    return count * 7 + largest;
}

class MinHeap {
    constructor() { this.keys = []; this.vals = []; }
    get size() { return this.keys.length; }
    push(k, v) { this.keys.push(k); this.vals.push(v); this.siftUp(this.keys.length - 1); }
    pop() {
        const v = this.vals[0];
        const lk = this.keys.pop(), lv = this.vals.pop();
        if (this.keys.length > 0) { this.keys[0] = lk; this.vals[0] = lv; this.siftDown(0); }
        return v;
    }
    swap(i, j) {
        const k = this.keys[i]; this.keys[i] = this.keys[j]; this.keys[j] = k;
        const v = this.vals[i]; this.vals[i] = this.vals[j]; this.vals[j] = v;
    }
    siftUp(i) {
        while (i > 0) {
            const p = (i - 1) >> 1;
            if (this.keys[p] <= this.keys[i]) { return; }
            this.swap(i, p);
            i = p;
        }
    }
    siftDown(i) {
        const n = this.keys.length;
        for (;;) {
            const l = 2 * i + 1, r = l + 1;
            let m = i;
            if (l < n && this.keys[l] < this.keys[m]) { m = l; }
            if (r < n && this.keys[r] < this.keys[m]) { m = r; }
            if (m === i) { return; }
            this.swap(i, m);
            i = m;
        }
    }
}

function shortestPaths(adj, sources) {
    let total = 0;
    for (const s of sources) {
        const dist = new Float64Array(adj.length).fill(Infinity);
        const heap = new MinHeap();
        dist[s] = 0;
        heap.push(0, s);
        while (heap.size > 0) {
            const v = heap.pop();
            const out = adj[v];
            for (let i = 0; i < out.length; i++) {
                const e = out[i], d = dist[v] + e.w;
                if (d < dist[e.to]) { dist[e.to] = d; heap.push(d, e.to); }
            }
        }
        for (let v = 0; v < dist.length; v += 97) { if (dist[v] !== Infinity) { total = (total + dist[v]) | 0; } }
    }
    return total;
}

class Town { constructor(v) { this.v = v; } accept(s) { return s.town(this); } }
class Junction { constructor(v) { this.v = v; } accept(s) { return s.junction(this); } }
class Port { constructor(v) { this.v = v; } accept(s) { return s.port(this); } }
class Depot { constructor(v) { this.v = v; } accept(s) { return s.depot(this); } }
class Farm { constructor(v) { this.v = v; } accept(s) { return s.farm(this); } }
const KINDS = [Town, Junction, Port, Depot, Farm];

class Summary {
    constructor() { this.counts = [0, 0, 0, 0, 0]; this.weight = 0; }
    town(n) { this.counts[0]++; this.weight += n.v & 15; return 1; }
    junction(n) { this.counts[1]++; this.weight += (n.v >> 2) & 7; return 2; }
    port(n) { this.counts[2]++; this.weight += n.v % 11; return 3; }
    depot(n) { this.counts[3]++; this.weight ^= n.v; return 4; }
    farm(n) { this.counts[4]++; this.weight += 1; return 5; }
}

function summarize(nodes, passes) {
    let check = 0;
    for (let p = 0; p < passes; p++) {
        const s = new Summary();
        for (let i = 0; i < nodes.length; i++) { check = (check + nodes[i].accept(s)) | 0; }
        check = (check + s.weight + s.counts[p % 5]) | 0;
    }
    return check;
}

const args = (typeof process !== 'undefined' && process.argv) ? process.argv.slice(2) : (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const rounds = args.length > 0 ? parseInt(args[0]) : 8;
const adj = makeGraph(60000, 42);
const nodes = [];
for (let i = 0; i < adj.length; i++) { nodes.push(new KINDS[(i * 7 + (i >> 3)) % 5](i)); }
const ms = {depthFirst: 0, components: 0, shortestPaths: 0, summarize: 0};
let check = 0;
for (let r = 0; r < rounds; r++) {
    const t0 = Date.now();
    for (let k = 0; k < 6; k++) { check = (check + depthFirst(adj)) | 0; }
    const t1 = Date.now();
    for (let k = 0; k < 4; k++) { check = (check + components(adj)) | 0; }
    const t2 = Date.now();
    check = (check + shortestPaths(adj, [r, 20000 + r])) | 0;
    const t3 = Date.now();
    check = (check + summarize(nodes, 60)) | 0;
    const t4 = Date.now();
    ms.depthFirst += t1 - t0;
    ms.components += t2 - t1;
    ms.shortestPaths += t3 - t2;
    ms.summarize += t4 - t3;
}
const sum = Object.values(ms).reduce((a, b) => a + b, 0);
console.log('graph-suite: ' + rounds + ' rounds in ' + sum + ' ms, checksum ' + check + ', time by Date.now: ' +
    Object.keys(ms).map(k => k + ' ' + (100 * ms[k] / sum).toFixed(1) + '%').join(', '));
