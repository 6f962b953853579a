// A discrete-event simulation: a binary-heap event queue, a class hierarchy of event handlers
// (polymorphic dispatch at one call site), accounts in a Map, and a text report per round.
class Heap {
    constructor() { this.a = []; }
    push(e) {
        const a = this.a; a.push(e);
        let i = a.length - 1;
        while (i > 0) { const p = (i - 1) >> 1; if (a[p].time <= a[i].time) break; const t = a[p]; a[p] = a[i]; a[i] = t; i = p; }
    }
    pop() {
        const a = this.a; const top = a[0]; const last = a.pop();
        if (a.length > 0) {
            a[0] = last; let i = 0;
            for (;;) {
                const l = 2 * i + 1, r = l + 1; let m = i;
                if (l < a.length && a[l].time < a[m].time) m = l;
                if (r < a.length && a[r].time < a[m].time) m = r;
                if (m === i) break;
                const t = a[m]; a[m] = a[i]; a[i] = t; i = m;
            }
        }
        return top;
    }
    get size() { return this.a.length; }
}
class Event { constructor(time, account) { this.time = time; this.account = account; } }
class Deposit extends Event { handle(sim) { sim.balance(this.account, 17); sim.schedule(new Withdraw(this.time + 3, this.account)); } }
class Withdraw extends Event { handle(sim) { if (sim.get(this.account) > 5) sim.balance(this.account, -5); sim.schedule(new Interest(this.time + 11, this.account)); } }
class Interest extends Event {
    handle(sim) {
        let v = sim.get(this.account);
        for (let k = 0; k < 40; k++) v = (v * 1.0001 + 0.01);
        sim.set(this.account, v);
        if (this.time < sim.horizon) sim.schedule(new Deposit(this.time + 7, (this.account * 31 + 7) % sim.accounts));
    }
}
class Audit extends Event {
    handle(sim) {
        let total = 0;
        for (const v of sim.book.values()) total += v;
        sim.audits.push(total.toFixed(2));
        if (this.time < sim.horizon) sim.schedule(new Audit(this.time + 97, 0));
    }
}
class Sim {
    constructor(accounts, horizon) { this.q = new Heap(); this.book = new Map(); this.accounts = accounts; this.horizon = horizon; this.audits = []; }
    schedule(e) { this.q.push(e); }
    get(a) { return this.book.get(a) || 0; }
    set(a, v) { this.book.set(a, v); }
    balance(a, d) { this.set(a, this.get(a) + d); }
    run() {
        let n = 0;
        while (this.q.size > 0) { const e = this.q.pop(); e.handle(this); n++; }
        return n;
    }
}
function report(sim) {
    const lines = [];
    const keys = Array.from(sim.book.keys()).sort((a, b) => a - b);
    for (const k of keys) lines.push('account ' + k + ': ' + sim.book.get(k).toFixed(2));
    return lines.join('\n').length + sim.audits.join(',').length;
}
let sink = 0;
(function iteration() {
    const sim = new Sim(200, 3000);
    for (let a = 0; a < 200; a++) sim.schedule(new Deposit(a % 13, a));
    sim.schedule(new Audit(0, 0));
    sink = (sink + sim.run() + report(sim)) | 0;
    return sink;
});
