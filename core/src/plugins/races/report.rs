//! Races as they are reported: the two accesses, one message per distinct pair, and the
//! message in Oclgrind's layout (compat §4.5).

use std::collections::HashMap;

use crate::diagnostics::{hex, Access, Body, Diagnostic, Entity, Level, Rule};
use crate::memory::AddrSpace;
use crate::plugins::{KernelRef, LaunchInfo, Site};

/// Who made an access.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Who {
    /// A work-item, by its global id.
    WorkItem([u64; 3]),
    /// A work-group itself (the accesses of async copies), by its id.
    Group([u64; 3]),
}

/// Bits of an access's work-item number (its local linear index) as the shadow keeps it.
pub const WI_BITS: u32 = 22;
/// The entity of the accesses a work-group makes itself (async copies); larger groups are
/// not checked.
pub const GROUP: u32 = (1 << WI_BITS) - 1;

/// How the current group's entities are named.
#[derive(Clone, Copy, Debug, Default)]
pub struct Names {
    pub group: [u64; 3],
    /// Work-items in the group.
    pub size: [u64; 3],
    /// The global id of its work-item (0,0,0).
    pub origin: [u64; 3],
}

impl Names {
    /// For group `group` of `launch` (the last groups of a dimension may be partial).
    pub fn of(launch: &LaunchInfo, group: [u64; 3]) -> Names {
        let (l, g) = (launch.local_size, launch.global_size);
        Names {
            group,
            size: std::array::from_fn(|d| l[d].min(g[d] - group[d] * l[d])),
            origin: std::array::from_fn(|d| group[d] * l[d] + launch.global_offset[d]),
        }
    }

    /// Who made the accesses of local linear index `wi` (or GROUP).
    pub fn who(&self, wi: u32) -> Who {
        if wi == GROUP {
            return Who::Group(self.group);
        }
        let (i, s) = (wi as u64, self.size);
        let local = [i % s[0], (i / s[0]) % s[1], i / (s[0] * s[1])];
        Who::WorkItem(std::array::from_fn(|d| self.origin[d] + local[d]))
    }
}

/// One side of a race: an access as a message names it. Two accesses are the same when they
/// are the same entity's, at the same op, of the same kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AccessId {
    pub who: Who,
    /// None for the accesses of async copies (their location is unknown).
    pub site: Option<Site>,
    pub store: bool,
    pub atomic: bool,
}

/// A data race between two accesses to the byte at `address`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Race {
    pub space: AddrSpace,
    pub address: u64,
    pub first: AccessId,
    pub second: AccessId,
    /// A work-group barrier between the two accesses whose fence leaves this space out: the
    /// message says it does not order them.
    pub unfenced_barrier: Option<Site>,
}

impl Race {
    /// The diagnostic: the kind of race, both entities and where each access is.
    pub fn diagnostic(&self, launch: &LaunchInfo, kernel: &KernelRef) -> Diagnostic {
        let kind = if self.first.store && self.second.store {
            "Write-write"
        } else {
            "Read-write"
        };
        let access = |a: &AccessId| Access {
            entity: entity(launch, a.who),
            at: kernel.at(a.site),
        };
        launch
            .diagnostic(
                Rule::DataRace,
                Level::Error,
                format!(
                    "{kind} data race at {} memory address {}",
                    self.space,
                    hex(self.address)
                ),
                Body::Race {
                    first: access(&self.first),
                    second: access(&self.second),
                    note: (self.unfenced_barrier)
                        .map(|site| unfenced_note(self.space, site, kernel)),
                },
            )
            .with_memory(self.space, self.address)
    }
}

/// Our line after Oclgrind's, for a race across a barrier whose fence leaves its space out.
fn unfenced_note(space: AddrSpace, site: Site, kernel: &KernelRef) -> String {
    let fence = match space {
        AddrSpace::Local => "CLK_LOCAL_MEM_FENCE",
        _ => "CLK_GLOBAL_MEM_FENCE",
    };
    let barrier = match kernel.function(site).op_info(site.pc).line {
        0 => "a barrier between the accesses".to_string(),
        l => format!("the barrier at line {l}"),
    };
    format!("Note: {barrier} has no {fence}: it does not order {space} memory")
}

/// An entity as race messages name it. As in Oclgrind, a work-item's local and group ids are
/// worked out from its global id, so with a global offset they are shifted by it.
fn entity(launch: &LaunchInfo, who: Who) -> Entity {
    match who {
        Who::WorkItem(global) => {
            let l = launch.local_size;
            Entity::WorkItem {
                global,
                local: [global[0] % l[0], global[1] % l[1], global[2] % l[2]],
                group: [global[0] / l[0], global[1] / l[1], global[2] / l[2]],
            }
        }
        Who::Group(group) => Entity::Group(group),
    }
}

/// Races found, one per distinct pair of accesses (in either order), each at the lowest
/// address where the pair races, with a key that orders the report.
#[derive(Default)]
pub struct RaceList {
    races: Vec<(u64, Race)>,
    index: HashMap<(AccessId, AccessId), usize>,
    /// Whether each pair is also given out as soon as it is found (`take_new`), and then not
    /// again: a debugger stops at the access that races.
    watch: bool,
    new: Vec<Race>,
}

impl RaceList {
    /// A list that gives out each pair when it is found, for a debugger.
    pub fn watching() -> RaceList {
        RaceList {
            watch: true,
            ..RaceList::default()
        }
    }

    /// The pairs found since the last call (of a watching list).
    pub fn take_new(&mut self) -> Vec<Race> {
        std::mem::take(&mut self.new)
    }

    pub fn has_new(&self) -> bool {
        !self.new.is_empty()
    }

    pub fn insert(&mut self, order: u64, race: Race) {
        let (a, b) = (race.first, race.second);
        let key = if self.index.contains_key(&(b, a)) {
            (b, a)
        } else {
            (a, b)
        };
        match self.index.get(&key) {
            Some(&usize::MAX) => {}
            Some(&i) => {
                let (o, kept) = &mut self.races[i];
                if race.address < kept.address {
                    *o = order;
                    *kept = race;
                }
            }
            None if self.watch => {
                // Given out now; kept only to know the pair.
                self.index.insert(key, usize::MAX);
                self.new.push(race);
            }
            None => {
                self.index.insert(key, self.races.len());
                self.races.push((order, race));
            }
        }
    }

    /// The races in report order (by key, then by address), leaving the list empty.
    pub fn take(&mut self) -> Vec<Race> {
        self.take_keyed().into_iter().map(|(_, r)| r).collect()
    }

    /// `take`, each race with its key.
    pub fn take_keyed(&mut self) -> Vec<(u64, Race)> {
        self.index.clear();
        if self.races.is_empty() {
            return Vec::new();
        }
        let mut races = std::mem::take(&mut self.races);
        // A work-item's load of a byte is compared before its store, as in Oclgrind.
        races.sort_by_key(|(order, r)| (*order, r.address, r.first.store));
        races
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn access(x: u64, store: bool) -> AccessId {
        AccessId {
            who: Who::WorkItem([x, 0, 0]),
            site: Some(Site {
                func: 0,
                pc: x as u32,
            }),
            store,
            atomic: false,
        }
    }

    fn race(address: u64, first: AccessId, second: AccessId) -> Race {
        Race {
            space: AddrSpace::Local,
            address,
            first,
            second,
            unfenced_barrier: None,
        }
    }

    #[test]
    fn one_race_per_pair_at_its_lowest_address() {
        let mut list = RaceList::default();
        let (a, b, c) = (access(1, true), access(0, false), access(2, false));
        list.insert(1, race(0x13, a, b));
        list.insert(1, race(0x12, b, a));
        list.insert(1, race(0x17, a, b));
        list.insert(0, race(0x20, c, a));
        let races = list.take();
        assert_eq!(races.len(), 2);
        // Ordered by key first.
        assert_eq!((races[0].address, races[0].first), (0x20, c));
        // The lowest address of the pair, in the order it was found there.
        assert_eq!((races[1].address, races[1].first), (0x12, b));
        assert!(list.take().is_empty());
    }

    #[test]
    fn entities_come_from_the_global_id() {
        let launch = LaunchInfo::for_test(2, [8, 4, 1], [4, 2, 1]);
        assert_eq!(
            entity(&launch, Who::WorkItem([5, 3, 0])),
            Entity::WorkItem {
                global: [5, 3, 0],
                local: [1, 1, 0],
                group: [1, 1, 0]
            }
        );
        assert_eq!(
            entity(&launch, Who::Group([1, 0, 0])),
            Entity::Group([1, 0, 0])
        );
    }
}
