//! `solve` on several threads: reading and printing overlap with solving.
//!
//! The calling thread reads lines into batches and hands each to a pool of
//! workers through a bounded queue; workers send back each batch's outcomes,
//! which the calling thread prints in input order between reads. Done in turn
//! (read a batch, solve it on every thread, print it), reading and printing
//! left the workers idle: about 8% of a 17-clue run, so two threads reached
//! at best ~1.85x one.

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};
use std::thread;

use anyhow::{Result, anyhow};

use super::{Batch, Outcome, Report, Serial, Sink, feed};
use crate::engine::search::SearchStats;
use crate::input::Puzzles;

/// Lines per batch: small enough that the last batches keep every worker busy
/// (a 17-clue line takes ~20 µs), large enough that handing one over is noise.
const LINES: usize = 512;

/// A batch solved by a worker: its place in the input, its outcomes, and the
/// batch itself to be filled again.
type Solved = (usize, Vec<Outcome>, SearchStats, Batch);

/// Solves every puzzle of `puzzles` on `threads` worker threads, printing
/// through `report` in input order. A thread the system refuses is said once
/// on standard error; with none started, the calling thread does it all.
pub(super) fn solve<W: Write>(
    puzzles: &mut Puzzles,
    count: bool,
    report: &mut Report<W>,
    threads: usize,
) -> Result<()> {
    let (jobs, queue) = mpsc::sync_channel::<(usize, Batch)>(threads);
    let queue = Mutex::new(queue);
    let (results, solved) = mpsc::channel::<Solved>();
    thread::scope(|scope| {
        let mut started = 0;
        let mut refused = None;
        for _ in 0..threads {
            let (queue, results) = (&queue, results.clone());
            let worker = thread::Builder::new().spawn_scoped(scope, move || {
                work(queue, &results, count);
            });
            match worker {
                Ok(_) => started += 1,
                Err(error) => {
                    refused.get_or_insert(error);
                }
            }
        }
        drop(results);
        if let Some(error) = refused {
            super::super::report_spawn_failure("solve", &error, started);
        }
        if started == 0 {
            report.threads = 1;
            let mut serial = Serial {
                report,
                batch: Batch::default(),
                count,
            };
            return feed(puzzles, count, &mut serial);
        }
        let mut pipeline = Pipeline {
            report,
            jobs,
            solved,
            batch: Batch::default(),
            spare: Vec::new(),
            next_job: 0,
            next_printed: 0,
            waiting: BTreeMap::new(),
            // Enough batches queued and in hand that no worker waits for the
            // reader, few enough that memory stays flat.
            most_in_flight: 2 * started + 2,
        };
        feed(puzzles, count, &mut pipeline)
        // Returning drops the queue's sender: idle workers stop, and the scope
        // waits for the busy ones.
    })
}

/// A worker: solves batches from the queue until it closes (or nobody listens).
fn work(queue: &Mutex<Receiver<(usize, Batch)>>, results: &Sender<Solved>, count: bool) {
    loop {
        // A poisoned lock means another worker panicked; the scope re-raises it.
        let next = match queue.lock() {
            Ok(queue) => queue.recv(),
            Err(_) => return,
        };
        let Ok((place, batch)) = next else { return };
        let (outcomes, stats) = batch.solve(0..batch.len(), count);
        if results.send((place, outcomes, stats, batch)).is_err() {
            return;
        }
    }
}

/// The calling thread's side: batches out, outcomes back in input order.
struct Pipeline<'a, W: Write> {
    report: &'a mut Report<W>,
    jobs: SyncSender<(usize, Batch)>,
    solved: Receiver<Solved>,
    /// The batch being filled.
    batch: Batch,
    /// Batches back from the workers, to be filled again.
    spare: Vec<Batch>,
    /// The place of the next item (a batch or a single outcome) in the input.
    next_job: usize,
    /// The place of the next item to print.
    next_printed: usize,
    /// Items back early, waiting for the ones before them.
    waiting: BTreeMap<usize, (Vec<Outcome>, SearchStats)>,
    most_in_flight: usize,
}

impl<W: Write> Pipeline<'_, W> {
    /// Sends the batch being filled to the workers, first printing (and
    /// waiting for) earlier ones while too many are in flight.
    fn send_batch(&mut self) -> Result<()> {
        if self.batch.len() == 0 {
            return Ok(());
        }
        while self.next_job - self.next_printed >= self.most_in_flight {
            self.take_solved(true)?;
        }
        let batch = std::mem::replace(&mut self.batch, self.spare.pop().unwrap_or_default());
        self.jobs
            .send((self.next_job, batch))
            .map_err(|_| anyhow!("the solving threads stopped"))?;
        self.next_job += 1;
        // Print whatever came back meanwhile, without waiting.
        self.take_solved(false)
    }

    /// Takes solved batches (waiting for one when `wait`), then prints every
    /// item whose turn has come.
    fn take_solved(&mut self, wait: bool) -> Result<()> {
        let mut first = wait;
        loop {
            let received = if first {
                first = false;
                self.solved
                    .recv()
                    .map_err(|_| anyhow!("the solving threads stopped"))?
            } else {
                match self.solved.try_recv() {
                    Ok(received) => received,
                    Err(_) => break,
                }
            };
            let (place, outcomes, stats, mut batch) = received;
            batch.clear();
            self.spare.push(batch);
            self.waiting.insert(place, (outcomes, stats));
        }
        while let Some((outcomes, stats)) = self.waiting.remove(&self.next_printed) {
            self.report.stats += stats;
            for outcome in outcomes {
                self.report.emit(outcome)?;
            }
            self.next_printed += 1;
        }
        Ok(())
    }
}

impl<W: Write> Sink for Pipeline<'_, W> {
    fn line(&mut self, number: usize, text: &str) -> Result<()> {
        self.batch.push(number, text);
        if self.batch.len() == LINES {
            self.send_batch()?;
        }
        Ok(())
    }

    fn outcome(&mut self, outcome: Outcome, stats: SearchStats) -> Result<()> {
        // After the lines before it, in its own place.
        self.send_batch()?;
        self.waiting.insert(self.next_job, (vec![outcome], stats));
        self.next_job += 1;
        self.take_solved(false)
    }

    fn finish(&mut self) -> Result<()> {
        self.send_batch()?;
        while self.next_printed < self.next_job {
            self.take_solved(true)?;
        }
        Ok(())
    }
}
