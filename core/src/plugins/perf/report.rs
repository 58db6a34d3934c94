//! The end of a launch: the ops' sums gathered by source line, and a line logged for each
//! past its threshold (every one with `--perf-lints=all`), then the kernel's totals.

use std::collections::BTreeMap;

use super::{Category, LaunchSums, Tally};
use crate::diagnostics::{At, Diagnostic, Figures, Rule};
use crate::plugins::KernelContext;

/// Memory accesses are reported when they cost more than this many times their ideal
/// (as a fraction: 3/2). Stride 2 and a 2-way conflict always are; a one-element offset
/// (`a[i+1]`) costs at most one extra sector per request, 1.25 at sub-group size 32.
const COST_OVER_IDEAL: (u64, u64) = (3, 2);
/// Branches are reported when at least this share of their executions diverged (1/10): an
/// edge guard diverging in one sub-group of many is not worth a line.
const DIVERGENT_SHARE: (u64, u64) = (1, 10);

/// One source line's sums in a category, with the place of its first op.
struct Line {
    at: At,
    tally: Tally,
}

/// Where a line goes in the report: files in the order their first op comes in the code
/// (the kernel's own file first), lines in order, ops without a line last.
type LineKey = (bool, usize, u32, Category);

pub(super) fn log(cx: &KernelContext, sums: &LaunchSums, all: bool) {
    let mut sites: Vec<_> = sums.sites.iter().collect();
    sites.sort_unstable_by_key(|(site, _)| (site.func, site.pc));
    let mut files: Vec<String> = Vec::new();
    let mut lines: BTreeMap<LineKey, Line> = BTreeMap::new();
    let mut totals = [Tally::default(); 4];
    for (&site, tallies) in sites {
        let at = cx.kernel.at(Some(site));
        let (no_line, file, line) = match at.place() {
            Some(p) => {
                let file = match files.iter().position(|f| *f == p.file) {
                    Some(i) => i,
                    None => {
                        files.push(p.file.clone());
                        files.len() - 1
                    }
                };
                (false, file, p.line)
            }
            None => (true, 0, 0),
        };
        for (category, tally) in Category::ALL.into_iter().zip(tallies) {
            if tally.requests == 0 {
                continue;
            }
            totals[category as usize].add(tally);
            let key = (no_line, file, line, category);
            lines
                .entry(key)
                .or_insert_with(|| Line {
                    at: at.clone(),
                    tally: Tally::default(),
                })
                .tally
                .add(tally);
        }
    }
    let launch = cx.launch;
    let sub_group = launch.sub_group_size;
    let log = |rule, at, figures| {
        cx.log(Diagnostic::performance(
            rule,
            &launch.kernel,
            launch.id,
            at,
            sub_group,
            figures,
        ))
    };
    for ((.., category), line) in lines {
        let (finding, figures) = line_figures(category, &line.tally);
        match (finding, all) {
            (Some(rule), _) => log(rule, line.at, figures),
            (None, true) => log(Rule::PerformanceFigures, line.at, figures),
            (None, false) => {}
        }
    }
    let [read, write, local, branch] = totals;
    let figures = Figures::Totals {
        global_requests: read.requests + write.requests,
        sectors: read.cost + write.cost,
        global_ideal: read.ideal + write.ideal,
        local_accesses: local.requests,
        passes: local.cost,
        local_ideal: local.ideal,
        executions: branch.requests,
        divergent: branch.cost,
        cut: sums.cut,
    };
    log(Rule::PerformanceFigures, At::Unknown, figures);
}

/// A line's figures, and the rule it breaks if it is past its threshold.
fn line_figures(category: Category, t: &Tally) -> (Option<Rule>, Figures) {
    let over = t.cost * COST_OVER_IDEAL.1 > t.ideal * COST_OVER_IDEAL.0;
    match category {
        Category::Local => (
            over.then_some(Rule::BankConflict),
            Figures::Local {
                accesses: t.requests,
                passes: t.cost,
                ideal: t.ideal,
            },
        ),
        Category::Branch => {
            let share = t.cost > 0 && t.cost * DIVERGENT_SHARE.1 >= t.requests * DIVERGENT_SHARE.0;
            (
                share.then_some(Rule::DivergentBranch),
                Figures::Branch {
                    executions: t.requests,
                    divergent: t.cost,
                },
            )
        }
        global => (
            over.then_some(Rule::UncoalescedAccess),
            Figures::Global {
                write: global == Category::GlobalWrite,
                requests: t.requests,
                sectors: t.cost,
                ideal: t.ideal,
            },
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(requests: u64, cost: u64, ideal: u64) -> Tally {
        Tally {
            requests,
            cost,
            ideal,
        }
    }

    #[test]
    fn memory_past_one_and_a_half_times_its_ideal_is_reported() {
        let rule = |c: Category, t| line_figures(c, &t).0;
        // Stride 2 (2.0), a one-element offset at SG 32 (1.25) and at SG 16 (1.5).
        let read = Category::GlobalRead;
        assert_eq!(rule(read, tally(8, 64, 32)), Some(Rule::UncoalescedAccess));
        assert_eq!(rule(read, tally(8, 40, 32)), None);
        assert_eq!(rule(read, tally(16, 48, 32)), None);
        assert_eq!(
            rule(Category::Local, tally(64, 2048, 64)),
            Some(Rule::BankConflict)
        );
        assert_eq!(rule(Category::Local, tally(64, 64, 64)), None);
    }

    #[test]
    fn branches_diverging_in_a_tenth_of_their_executions_are_reported() {
        let rule = |t| line_figures(Category::Branch, &t).0;
        assert_eq!(rule(tally(8, 1, 0)), Some(Rule::DivergentBranch));
        assert_eq!(rule(tally(16, 1, 0)), None);
        assert_eq!(rule(tally(10, 1, 0)), Some(Rule::DivergentBranch));
        assert_eq!(rule(tally(10, 0, 0)), None);
    }
}
