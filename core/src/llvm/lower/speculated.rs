//! Loads the optimiser hoisted out of the condition that guarded them, or speculated (LICM's
//! promotion of a variable to a register, SimplifyCFG's speculation): a work-item may run one
//! without the source ever reading there for it, so checkers treat the load as a read where
//! its value is used instead (Oclgrind issue #210).
//!
//! Such a load has no source position and its value only flows into phi nodes. Wherever that
//! value, through the phis, is used by something else, the lowering puts a `SpeculatedUse` op
//! that names the load's address: that is the read the source makes. A load whose address is
//! not available everywhere in the function (it might not be computed at the use) stays an
//! ordinary read.

use std::collections::{HashMap, HashSet};

use crate::bytecode::InstInfo;
use crate::llvm::ir::{Opcode, Value};

/// For each instruction, the loads (by index in `insts`) whose value it uses through phi
/// nodes, for the speculated loads of `insts` (flagged in `info`). Loads whose address is not
/// available everywhere lose their flag.
pub(super) fn speculated_uses(
    entry: Option<crate::llvm::ir::Block>,
    insts: &[Value],
    info: &mut [InstInfo],
) -> HashMap<Value, Vec<usize>> {
    let mut uses: HashMap<Value, Vec<usize>> = HashMap::new();
    for (k, &load) in insts.iter().enumerate() {
        if !info[k].speculated {
            continue;
        }
        let address = load.operand(0);
        let everywhere = !address.is_instruction() || Some(address.parent()) == entry;
        if !everywhere {
            info[k].speculated = false;
            continue;
        }
        for user in uses_through_phis(load) {
            uses.entry(user).or_default().push(k);
        }
    }
    uses
}

/// The instructions other than phis that use `v`'s value, directly or through phis.
fn uses_through_phis(v: Value) -> Vec<Value> {
    let mut seen = HashSet::from([v]);
    let mut work = vec![v];
    let mut out = Vec::new();
    while let Some(v) = work.pop() {
        for u in v.users() {
            if !seen.insert(u) {
                continue;
            }
            if u.opcode() == Opcode::LLVMPHI {
                work.push(u);
            } else {
                out.push(u);
            }
        }
    }
    out
}
