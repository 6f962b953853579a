// Tasks passing messages through mailboxes, for the burst tests (BurstTest): a run loop asks
// every task `ready()` (one property read: a trivial function, whose call-depth probe sleeps under
// the defaults) and steps the ready ones. ready() calls nothing, so no call may be counted under
// it. Three task classes make the calls polymorphic. Argument: rounds (default 200).
class Box {
    constructor() { this.items = []; this.size = 0; }
    put(v) { this.items.push(v); this.size++; }
    take() { this.size--; return this.items.shift(); }
}
class Task {
    constructor(id, all) { this.id = id; this.all = all; this.box = new Box(); this.sum = 0; }
    ready() { return this.box.size > 0; }
    send(to, v) { this.all[to % this.all.length].box.put(v); }
}
class Producer extends Task {
    ready() { return true; }
    step() { this.sum++; this.send(this.id + 1 + (this.sum % 3), this.sum); }
}
class Relay extends Task {
    step() { const v = this.box.take(); this.sum += v; this.send(this.id + 1, v * 3 + 1); }
}
class Drain extends Task {
    step() { this.sum = (this.sum + this.box.take()) % 1000003; }
}
function round(steps) {
    const all = [];
    all.push(new Producer(0, all));
    for (let i = 1; i <= 4; i++) { all.push(new Relay(i, all)); }
    all.push(new Drain(5, all));
    let done = 0;
    while (done < steps) {
        for (let i = all.length - 1; i >= 0 && done < steps; i--) {
            const t = all[i];
            if (t.ready()) { t.step(); done++; }
        }
    }
    return all[5].sum;
}
const args = (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
const rounds = args.length > 0 ? parseInt(args[0]) : 200;
let check = 0;
for (let r = 0; r < rounds; r++) { check = (check + round(20000)) % 1000003; }
console.log('mailboxes: ' + rounds + ' rounds, checksum ' + check);
