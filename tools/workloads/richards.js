// Martin Richards' operating-system simulation, the classic object-oriented benchmark (a scheduler
// of task control blocks passing packets among an idle task, a worker, two handlers and two
// devices; every step a polymorphic `run` over four task classes), written here from the
// algorithm's description. One iteration runs the simulation 40 times and checks the counts the
// benchmark is known for (2 322 packets queued, 928 holds per simulation of 1 000 idle steps).
// The file evaluates to the iteration function, the bench's form; with arguments (or run as a
// program) it runs that many iterations and prints the time. Written on 2026-11-28 as a program
// the profiler had not seen (docs/bursting.md).
const ID_IDLE = 0, ID_WORKER = 1, ID_HANDLER_A = 2, ID_HANDLER_B = 3, ID_DEVICE_A = 4, ID_DEVICE_B = 5;
const KIND_DEVICE = 0, KIND_WORK = 1;
const RUNNING = 0, RUNNABLE = 1, SUSPENDED = 2, HELD = 4;

class Packet {
  constructor(link, id, kind) { this.link = link; this.id = id; this.kind = kind; this.a1 = 0; this.a2 = [0, 0, 0, 0]; }
  appendTo(queue) {
    this.link = null;
    if (queue === null) return this;
    let last = queue;
    while (last.link !== null) last = last.link;
    last.link = this;
    return queue;
  }
}

class ControlBlock {
  constructor(link, id, priority, queue, task) {
    this.link = link; this.id = id; this.priority = priority; this.queue = queue; this.task = task;
    this.state = queue === null ? SUSPENDED : SUSPENDED | RUNNABLE;
  }
  heldOrSuspended() { return (this.state & HELD) !== 0 || this.state === SUSPENDED; }
  run() {
    let packet = null;
    if (this.state === (SUSPENDED | RUNNABLE)) {
      packet = this.queue;
      this.queue = packet.link;
      this.state = this.queue === null ? RUNNING : RUNNABLE;
    }
    return this.task.run(packet);
  }
  receive(from, packet) {
    if (this.queue === null) {
      this.queue = packet;
      this.state |= RUNNABLE;
      if (this.priority > from.priority) return this;
    } else {
      this.queue = packet.appendTo(this.queue);
    }
    return from;
  }
}

class Scheduler {
  constructor() { this.blocks = new Array(6).fill(null); this.list = null; this.current = null; this.currentId = 0; this.queued = 0; this.holds = 0; }
  add(id, priority, queue, task) {
    this.current = new ControlBlock(this.list, id, priority, queue, task);
    this.list = this.current;
    this.blocks[id] = this.current;
  }
  schedule() {
    this.current = this.list;
    while (this.current !== null) {
      if (this.current.heldOrSuspended()) {
        this.current = this.current.link;
      } else {
        this.currentId = this.current.id;
        this.current = this.current.run();
      }
    }
  }
  release(id) {
    const block = this.blocks[id];
    if (block === null) return block;
    block.state &= ~HELD;
    return block.priority > this.current.priority ? block : this.current;
  }
  holdCurrent() { this.holds++; this.current.state |= HELD; return this.current.link; }
  suspendCurrent() { this.current.state |= SUSPENDED; return this.current; }
  send(packet) {
    const to = this.blocks[packet.id];
    if (to === null) return to;
    this.queued++;
    packet.link = null;
    packet.id = this.currentId;
    return to.receive(this.current, packet);
  }
}

class IdleTask {
  constructor(scheduler, seed, count) { this.scheduler = scheduler; this.seed = seed; this.count = count; }
  run(packet) {
    if (--this.count === 0) return this.scheduler.holdCurrent();
    if ((this.seed & 1) === 0) {
      this.seed >>= 1;
      return this.scheduler.release(ID_DEVICE_A);
    }
    this.seed = (this.seed >> 1) ^ 0xD008;
    return this.scheduler.release(ID_DEVICE_B);
  }
}

class DeviceTask {
  constructor(scheduler) { this.scheduler = scheduler; this.pending = null; }
  run(packet) {
    if (packet === null) {
      if (this.pending === null) return this.scheduler.suspendCurrent();
      const p = this.pending;
      this.pending = null;
      return this.scheduler.send(p);
    }
    this.pending = packet;
    return this.scheduler.holdCurrent();
  }
}

class WorkerTask {
  constructor(scheduler) { this.scheduler = scheduler; this.destination = ID_HANDLER_A; this.letter = 0; }
  run(packet) {
    if (packet === null) return this.scheduler.suspendCurrent();
    this.destination = this.destination === ID_HANDLER_A ? ID_HANDLER_B : ID_HANDLER_A;
    packet.id = this.destination;
    packet.a1 = 0;
    for (let i = 0; i < 4; i++) {
      if (++this.letter > 26) this.letter = 1;
      packet.a2[i] = this.letter;
    }
    return this.scheduler.send(packet);
  }
}

class HandlerTask {
  constructor(scheduler) { this.scheduler = scheduler; this.work = null; this.devices = null; }
  run(packet) {
    if (packet !== null) {
      if (packet.kind === KIND_WORK) this.work = packet.appendTo(this.work);
      else this.devices = packet.appendTo(this.devices);
    }
    if (this.work !== null) {
      const n = this.work.a1;
      if (n < 4) {
        if (this.devices !== null) {
          const d = this.devices;
          this.devices = d.link;
          d.a1 = this.work.a2[n];
          this.work.a1 = n + 1;
          return this.scheduler.send(d);
        }
      } else {
        const w = this.work;
        this.work = w.link;
        return this.scheduler.send(w);
      }
    }
    return this.scheduler.suspendCurrent();
  }
}

function simulate() {
  const s = new Scheduler();
  s.add(ID_IDLE, 0, null, new IdleTask(s, 1, 1000));
  s.current.state = RUNNING;
  let q = new Packet(new Packet(null, ID_WORKER, KIND_WORK), ID_WORKER, KIND_WORK);
  s.add(ID_WORKER, 1000, q, new WorkerTask(s));
  q = new Packet(new Packet(new Packet(null, ID_DEVICE_A, KIND_DEVICE), ID_DEVICE_A, KIND_DEVICE), ID_DEVICE_A, KIND_DEVICE);
  s.add(ID_HANDLER_A, 2000, q, new HandlerTask(s));
  q = new Packet(new Packet(new Packet(null, ID_DEVICE_B, KIND_DEVICE), ID_DEVICE_B, KIND_DEVICE), ID_DEVICE_B, KIND_DEVICE);
  s.add(ID_HANDLER_B, 3000, q, new HandlerTask(s));
  s.add(ID_DEVICE_A, 4000, null, new DeviceTask(s));
  s.add(ID_DEVICE_B, 5000, null, new DeviceTask(s));
  s.schedule();
  if (s.queued !== 2322 || s.holds !== 928) throw new Error('richards: queued ' + s.queued + ', holds ' + s.holds + ' (expected 2322, 928)');
  return s.queued + s.holds;
}

function iteration() {
  let t = 0;
  for (let k = 0; k < 40; k++) t += simulate();
  return t;
}

const args = (typeof process !== 'undefined' && process.argv) ? process.argv.slice(2) : (typeof arguments !== 'undefined' ? Array.from(arguments) : []);
if (args.length > 0) {
  const n = parseInt(args[0]);
  const t0 = Date.now();
  let t = 0;
  for (let i = 0; i < n; i++) t += iteration();
  console.log('richards: ' + n + ' iterations in ' + (Date.now() - t0) + ' ms, checksum ' + t);
}
iteration;
