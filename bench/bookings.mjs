// What one booking costs the servers (issue 30, for docs/capacity.md): `BENCH_ONLY=bookings npm run bench`.
// A shop with 6 barbers; BENCH_BOOKINGS (default 300) public bookings of free 30-minute starts spread over the next
// weeks, made through the front door by 4 clients at once, as visitors would (POST /api/shops/{slug}/appointments).
// Each booking is the whole of its work: the transaction (exclusion constraint, client record, outbox), the
// availability caches' notification in every process, and its confirmation mail job (npm start runs the workers in
// the api; mail goes to the log). The servers' CPU (from /proc) is counted from the first booking until the queue has
// been idle for a while, minus what the same processes use idle over as long, and divided by the bookings made.

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 300);
const CLIENTS = 4;

export async function bookingRows({ front, slug, shopId, auth, json, request, note, serverCpu, cpuByKind }) {
  const barbers = [];
  for (const name of ['Ana', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay']) {
    barbers.push(await json(`${front}/api/shops/${shopId}/barbers`, { method: 'POST', headers: auth, body: { name } }));
  }
  const services = await json(`${front}/api/shops/${shopId}/services`, { headers: auth });
  const cut = (Array.isArray(services) ? services : services.services).find((s) => s.durationMinutes === 30);
  // Free (start, barber) pairs, from availability, far enough ahead that notice rules never refuse them.
  const free = [];
  for (let d = 2; d < 120 && free.length < BOOKINGS; d++) {
    const date = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    for (const barber of barbers) {
      const day = await json(
        `${front}/api/shops/${slug}/availability?serviceId=${cut.id}&barberId=${barber.id}&date=${date}`,
      );
      // Every other start, so neighbouring bookings never collide with the cut's 30 minutes.
      for (const [i, slot] of day.slots.entries())
        if (i % 2 === 0) free.push({ start: slot.start, barberId: barber.id });
    }
  }
  const todo = free.slice(0, BOOKINGS);
  note(`bookings: ${todo.length} free starts found for ${barbers.length} barbers`);

  // What the processes use doing nothing, over 5 s, to take out of the figure.
  const idleBefore = serverCpu();
  const idleStarted = Date.now();
  await new Promise((r) => setTimeout(r, 5000));
  const idleMsPerSecond =
    ([...serverCpu()].reduce((sum, [pid, ms]) => sum + ms - (idleBefore.get(pid) ?? 0), 0) * 1000) /
    (Date.now() - idleStarted);

  const before = serverCpu();
  const started = Date.now();
  const latencies = [];
  let made = 0;
  let refused = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      while (next < todo.length) {
        const { start, barberId } = todo[next++];
        const t0 = process.hrtime.bigint();
        const res = await request(`${front}/api/shops/${slug}/appointments`, {
          method: 'POST',
          body: {
            serviceId: cut.id,
            barberId,
            start,
            client: {
              name: `Bench Client ${c}-${next}`,
              email: `bench-${c}-${next}@example.com`,
              phone: '+1 555 0100',
            },
          },
        });
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (res.status === 201) made++;
        else {
          refused++;
          if (refused <= 3) note(`bookings: ${res.status} ${res.body.toString().slice(0, 200)}`);
        }
      }
    }),
  );
  const booked = Date.now();
  // The confirmation mails run on the queue after the answers: wait until the servers are quiet again.
  let last = serverCpu();
  for (let i = 0; i < 30; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = serverCpu();
    const used = [...now].reduce((sum, [pid, ms]) => sum + ms - (last.get(pid) ?? 0), 0);
    last = now;
    if (used < idleMsPerSecond * 1.5 + 5) break;
  }
  const seconds = (Date.now() - started) / 1000;
  const kinds = cpuByKind(before);
  const total = Object.values(kinds).reduce((sum, ms) => sum + ms, 0) - idleMsPerSecond * seconds;
  latencies.sort((a, b) => a - b);
  const perBooking = (ms) => (made ? (ms * 1000) / made : 0);
  return {
    made,
    refused,
    clients: CLIENTS,
    rate: made / ((booked - started) / 1000),
    p50Ms: latencies[Math.floor(latencies.length / 2)] ?? 0,
    p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    cpuUsPerBooking: perBooking(total),
    byKind: Object.fromEntries(
      Object.entries(kinds)
        .filter(([, ms]) => ms > 0)
        .map(([kind, ms]) => [kind, perBooking(ms)]),
    ),
    idleMsPerSecond,
  };
}

export function printBookings(result) {
  const parts = Object.entries(result.byKind)
    .map(([kind, us]) => `${kind} ${Math.round(us).toLocaleString('en-US')}`)
    .join(', ');
  console.log(
    [
      '',
      `Bookings: ${result.made} made (${result.refused} refused) by ${result.clients} clients at once through the front door`,
      '| bookings/s | p50 ms | p99 ms | server CPU µs per booking (idle taken out) | by process, µs (idle included) |',
      '|--:|--:|--:|--:|:--|',
      `| ${result.rate.toFixed(1)} | ${result.p50Ms.toFixed(1)} | ${result.p99Ms.toFixed(1)} | ${Math.round(result.cpuUsPerBooking).toLocaleString('en-US')} | ${parts} |`,
      `(idle: ${result.idleMsPerSecond.toFixed(1)} ms of CPU a second)`,
    ].join('\n'),
  );
}
