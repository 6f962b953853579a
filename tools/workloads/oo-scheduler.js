// A classic object-oriented benchmark shape, written for this suite: a cooperative scheduler
// runs a ring of tasks of four kinds that pass messages through mailboxes. Work is dominated by
// virtual dispatch (Task#step), small object allocation and linked-list manipulation.
// One iteration = a fixed number of scheduler steps; the checksum is verified.
class Message {
    constructor(kind, payload, next) { this.kind = kind; this.payload = payload; this.next = next; }
}
class Mailbox {
    constructor() { this.head = null; this.tail = null; this.size = 0; }
    put(m) { m.next = null; if (this.tail) { this.tail.next = m; } else { this.head = m; } this.tail = m; this.size++; }
    take() { const m = this.head; if (m) { this.head = m.next; if (!this.head) { this.tail = null; } this.size--; } return m; }
}
class Task {
    constructor(id, scheduler) { this.id = id; this.scheduler = scheduler; this.inbox = new Mailbox(); this.work = 0; }
    ready() { return this.inbox.size > 0; }
    step() { throw new Error('abstract'); }
    send(to, kind, payload) { this.scheduler.tasks[to].inbox.put(new Message(kind, payload, null)); }
}
class Source extends Task {
    constructor(id, s, fanout) { super(id, s); this.fanout = fanout; this.seq = 0; }
    ready() { return true; }
    step() { this.seq++; this.send(1 + (this.seq % this.fanout), 0, this.seq); this.work++; }
}
class Worker extends Task {
    step() {
        const m = this.inbox.take();
        let v = m.payload;
        for (let i = 0; i < 8; i++) { v = (v * 31 + i) & 0xffff; }
        this.work += v & 7;
        this.send(this.scheduler.tasks.length - 2, 1, v);
    }
}
class Combiner extends Task {
    constructor(id, s) { super(id, s); this.acc = 0; this.count = 0; }
    step() {
        const m = this.inbox.take();
        this.acc = (this.acc + m.payload) | 0; this.count++;
        if ((this.count & 3) === 0) { this.send(this.scheduler.tasks.length - 1, 2, this.acc); }
    }
}
class Sink extends Task {
    constructor(id, s) { super(id, s); this.checksum = 0; }
    step() { const m = this.inbox.take(); this.checksum = (this.checksum ^ m.payload) >>> 0; this.work++; }
}
class Scheduler {
    constructor(workers) {
        this.tasks = [];
        this.tasks.push(new Source(0, this, workers));
        for (let i = 0; i < workers; i++) { this.tasks.push(new Worker(1 + i, this)); }
        this.tasks.push(new Combiner(workers + 1, this));
        this.tasks.push(new Sink(workers + 2, this));
    }
    run(steps) {
        let done = 0;
        while (done < steps) {
            for (let i = this.tasks.length - 1; i >= 0 && done < steps; i--) {
                const t = this.tasks[i];
                if (t.ready()) { t.step(); done++; }
            }
        }
        return this.tasks[this.tasks.length - 1].checksum;
    }
}
let expected = -1;
(function iteration() {
    const c = new Scheduler(6).run(20000);
    if (expected === -1) { expected = c; } else if (c !== expected) { throw new Error('scheduler: checksum ' + c + ' != ' + expected); }
    return c;
});
