//! OpenCL C 2.0/3.0 atomics in the style of C11 (`atomic_load`, `atomic_fetch_add_explicit`,
//! `atomic_compare_exchange_strong`, `atomic_flag_test_and_set`, ...) on global and local
//! memory.
//!
//! The simulator runs every atomic as one indivisible step in one order for all work-items
//! (sequentially consistent), so every memory order and scope is honoured as it stands: the
//! order and scope arguments are not read. Loads and stores are atomic accesses like the
//! others (the race detector tells them from plain ones); `atomic_init` is a plain store, as
//! the specification says.

use super::{site, Call, Emit, MType, Problem, Resolution};
use crate::bytecode::RmwOp;
use crate::diagnostics::Rule;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Init,
    Load,
    Store,
    Exchange,
    CompareExchange,
    Fetch(RmwOp),
    FlagTestAndSet,
    FlagClear,
}

fn kind(name: &str) -> Option<Kind> {
    let base = name.strip_prefix("atomic_")?;
    let base = base.strip_suffix("_explicit").unwrap_or(base);
    Some(match base {
        "init" => Kind::Init,
        "load" => Kind::Load,
        "store" => Kind::Store,
        "exchange" => Kind::Exchange,
        // A weak exchange may fail spuriously; this one never does.
        "compare_exchange_strong" | "compare_exchange_weak" => Kind::CompareExchange,
        "fetch_add" => Kind::Fetch(RmwOp::Add),
        "fetch_sub" => Kind::Fetch(RmwOp::Sub),
        "fetch_or" => Kind::Fetch(RmwOp::Or),
        "fetch_xor" => Kind::Fetch(RmwOp::Xor),
        "fetch_and" => Kind::Fetch(RmwOp::And),
        "fetch_min" => Kind::Fetch(RmwOp::Min),
        "fetch_max" => Kind::Fetch(RmwOp::Max),
        "flag_test_and_set" => Kind::FlagTestAndSet,
        "flag_clear" => Kind::FlagClear,
        _ => return None,
    })
}

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    let kind = kind(&call.name)?;
    Some(lower(call, emit, kind))
}

fn lower(call: &Call, emit: &mut dyn Emit, kind: Kind) -> Resolution {
    let object = call.arg(0)?;
    let pointer = || call.misuse(Problem::Expected("pointer argument"));
    let space = object.space().ok_or_else(pointer)?;
    let (pointee, _) = call.param(0).pointee().ok_or_else(pointer)?;
    let size = pointee.scalar_size().unwrap_or(4);
    let kind = match kind {
        Kind::Fetch(_) if matches!(pointee, MType::Float | MType::Double | MType::Half) => {
            return Err(call.misuse(Problem::FloatOperation));
        }
        Kind::Fetch(RmwOp::Min) if !pointee.is_signed_int() => Kind::Fetch(RmwOp::UMin),
        Kind::Fetch(RmwOp::Max) if !pointee.is_signed_int() => Kind::Fetch(RmwOp::UMax),
        k => k,
    };
    // The value operand (the desired value of a compare-exchange) and, for a compare-exchange,
    // the pointer to the expected value.
    let (value, expected) = match kind {
        Kind::CompareExchange => {
            let expected = call.arg(1)?;
            let expected_space = expected.space().ok_or_else(pointer)?;
            (Some(call.arg(2)?), Some((expected, expected_space)))
        }
        Kind::Init | Kind::Store | Kind::Exchange | Kind::Fetch(_) => (Some(call.arg(1)?), None),
        Kind::Load | Kind::FlagTestAndSet | Kind::FlagClear => (None, None),
    };
    let result = match kind {
        Kind::Init | Kind::Store | Kind::FlagClear => None,
        _ => Some(call.ret()?),
    };
    let name = call.name.clone();
    emit.site(site(call, move |env| {
        let regs = env.regs();
        let addr = regs[object.slot as usize];
        let v = value.map_or(0, |a| regs[a.slot as usize]);
        if addr % size as u64 != 0 {
            env.error(
                Rule::MisalignedAccess,
                &format!("Unaligned address on {name}"),
            );
        }
        let bytes = size as usize;
        let out = match kind {
            Kind::Init => {
                env.store(space, addr, &v.to_le_bytes()[..bytes]);
                None
            }
            Kind::Load => env.atomic_rmw(space, addr, size, RmwOp::Or, 0),
            Kind::Store => {
                env.atomic_store(space, addr, size, v);
                None
            }
            Kind::Exchange => env.atomic_rmw(space, addr, size, RmwOp::Xchg, v),
            Kind::Fetch(op) => env.atomic_rmw(space, addr, size, op, v),
            Kind::FlagTestAndSet => env
                .atomic_rmw(space, addr, size, RmwOp::Xchg, 1)
                .map(|old| (old != 0) as u64),
            Kind::FlagClear => {
                env.atomic_store(space, addr, size, 0);
                None
            }
            Kind::CompareExchange => {
                let (e, e_space) = expected.expect("a compare-exchange has an expected value");
                let at = env.regs()[e.slot as usize];
                let mut want = [0u8; 8];
                if !env.load(e_space, at, &mut want[..bytes]) {
                    return Ok(());
                }
                let want = u64::from_le_bytes(want);
                let old = env.compare_exchange(space, addr, size, (want, v));
                let swapped = old == Some(want);
                if let (false, Some(old)) = (swapped, old) {
                    // Failed: the expected value becomes what the object held.
                    env.store(e_space, at, &old.to_le_bytes()[..bytes]);
                }
                Some(swapped as u64)
            }
        };
        if let Some(r) = result {
            env.regs()[r.slot as usize] = out.unwrap_or(0);
        }
        Ok(())
    }));
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::builtins::testing::*;
    use crate::memory::AddrSpace;

    // Mangled as clang-19 mangles them for OpenCL C 3.0 (global `atomic_int`, `atomic_uint`,
    // `atomic_long`, memory_order / memory_scope arguments).
    const FETCH_ADD: &str =
        "_Z25atomic_fetch_add_explicitPU3AS1VU7_Atomicii12memory_order12memory_scope";
    const FETCH_MIN_UINT: &str =
        "_Z25atomic_fetch_min_explicitPU3AS1VU7_Atomicjj12memory_order12memory_scope";
    const FETCH_MIN_INT: &str =
        "_Z25atomic_fetch_min_explicitPU3AS1VU7_Atomicii12memory_order12memory_scope";
    const LOAD: &str = "_Z20atomic_load_explicitPU3AS1VU7_Atomici12memory_order12memory_scope";
    const STORE: &str = "_Z21atomic_store_explicitPU3AS1VU7_Atomicii12memory_order12memory_scope";
    const CAS: &str = "_Z39atomic_compare_exchange_strong_explicitPU3AS1VU7_AtomiciPU3AS1ii12memory_orderS4_12memory_scope";
    const FLAG_SET: &str =
        "_Z33atomic_flag_test_and_set_explicitPU3AS1VU7_Atomici12memory_order12memory_scope";
    const FETCH_ADD_LONG: &str =
        "_Z25atomic_fetch_add_explicitPU3AS1VU7_Atomicll12memory_order12memory_scope";

    const RELAXED: u64 = 0;
    const WORK_GROUP: u64 = 1;

    #[test]
    fn fetch_ops_return_the_old_value() {
        let mut t = TestEnv::new();
        let p = t.global_words(&[5, 0xffff_fff0]);
        let order = [int(32, RELAXED), int(32, WORK_GROUP)];
        let r = t.call(
            FETCH_ADD,
            &[ptr(1, p), int(32, 3), order[0].clone(), order[1].clone()],
            Some(int_ty(32)),
        );
        assert_eq!((r[0], t.global_word(p)), (5, 8));
        // Unsigned and signed minimum differ on 0xfffffff0.
        let args = |v| {
            [
                ptr(1, p + 4),
                int(32, v),
                order[0].clone(),
                order[1].clone(),
            ]
        };
        t.call(FETCH_MIN_UINT, &args(7), Some(int_ty(32)));
        assert_eq!(t.global_word(p + 4), 7);
        t.call(FETCH_MIN_INT, &args(0xffff_fff0), Some(int_ty(32)));
        assert_eq!(t.global_word(p + 4), 0xffff_fff0);
        let q = t.place(AddrSpace::Global, &u64::MAX.to_le_bytes());
        let r = t.call(
            FETCH_ADD_LONG,
            &[ptr(1, q), int(64, 2), order[0].clone(), order[1].clone()],
            Some(int_ty(64)),
        );
        assert_eq!(r[0], u64::MAX);
        assert_eq!(t.bytes(AddrSpace::Global, q, 8), &1u64.to_le_bytes());
    }

    #[test]
    fn load_store_and_flag() {
        let mut t = TestEnv::new();
        let p = t.global_words(&[0, 0]);
        let order = || [int(32, RELAXED), int(32, WORK_GROUP)];
        let [o, s] = order();
        t.call(STORE, &[ptr(1, p), int(32, 42), o, s], None);
        let [o, s] = order();
        assert_eq!(t.call(LOAD, &[ptr(1, p), o, s], Some(int_ty(32))), vec![42]);
        let [o, s] = order();
        let set = t.call(FLAG_SET, &[ptr(1, p + 4), o, s], Some(int_ty(1)));
        let [o, s] = order();
        let again = t.call(FLAG_SET, &[ptr(1, p + 4), o, s], Some(int_ty(1)));
        assert_eq!((set, again, t.global_word(p + 4)), (vec![0], vec![1], 1));
    }

    #[test]
    fn compare_exchange_updates_the_expected_value_when_it_fails() {
        let mut t = TestEnv::new();
        let p = t.global_words(&[5]);
        let e = t.global_words(&[4]);
        let args = |e| {
            [
                ptr(1, p),
                ptr(1, e),
                int(32, 9),
                int(32, RELAXED),
                int(32, RELAXED),
            ]
            .into_iter()
            .chain([int(32, WORK_GROUP)])
            .collect::<Vec<_>>()
        };
        let failed = t.call(CAS, &args(e), Some(int_ty(1)));
        assert_eq!(
            (failed, t.global_word(p), t.global_word(e)),
            (vec![0], 5, 5)
        );
        let swapped = t.call(CAS, &args(e), Some(int_ty(1)));
        assert_eq!(
            (swapped, t.global_word(p), t.global_word(e)),
            (vec![1], 9, 5)
        );
    }
}
