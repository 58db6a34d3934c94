//! OpenCL 1.x atomic functions (`atomic_*` and the `atom_*` extension forms) on global and local
//! memory.

use super::{site, Call, Emit, MType, Problem, Resolution, UnreadAtomic};
use crate::bytecode::RmwOp;
use crate::diagnostics::Rule;

#[derive(Clone, Copy)]
enum Kind {
    Add,
    Sub,
    Xchg,
    Inc,
    Dec,
    Min,
    Max,
    And,
    Or,
    Xor,
    CmpXchg,
}

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    let base = call
        .name
        .strip_prefix("atomic_")
        .or_else(|| call.name.strip_prefix("atom_"))?;
    let kind = match base {
        "add" => Kind::Add,
        "sub" => Kind::Sub,
        "xchg" => Kind::Xchg,
        "inc" => Kind::Inc,
        "dec" => Kind::Dec,
        "min" => Kind::Min,
        "max" => Kind::Max,
        "and" => Kind::And,
        "or" => Kind::Or,
        "xor" => Kind::Xor,
        "cmpxchg" => Kind::CmpXchg,
        _ => return None,
    };
    Some(lower(call, emit, kind))
}

fn lower(call: &Call, emit: &mut dyn Emit, kind: Kind) -> Resolution {
    let p = call.arg(0)?;
    let pointer = || call.misuse(Problem::Expected("pointer argument"));
    let space = p.space().ok_or_else(pointer)?;
    let (pointee, _) = call.param(0).pointee().ok_or_else(pointer)?;
    let size = pointee.scalar_size().unwrap_or(4);
    let signed = pointee.is_signed_int();
    let is_float = matches!(pointee, MType::Float);
    if is_float && !matches!(kind, Kind::Xchg) {
        return Err(call.misuse(Problem::FloatNotXchg));
    }
    let v = call.args.get(1).copied();
    let w = call.args.get(2).copied();
    let r = call.ret()?;
    let name = call.name.clone();
    let old_used = call.ret_used;
    // The read-modify-write, with whether its operand is the argument (else 1).
    let rmw = match kind {
        Kind::Add => Some((RmwOp::Add, true)),
        Kind::Sub => Some((RmwOp::Sub, true)),
        Kind::Inc => Some((RmwOp::Add, false)),
        Kind::Dec => Some((RmwOp::Sub, false)),
        Kind::Xchg => Some((RmwOp::Xchg, true)),
        Kind::And => Some((RmwOp::And, true)),
        Kind::Or => Some((RmwOp::Or, true)),
        Kind::Xor => Some((RmwOp::Xor, true)),
        Kind::Min => Some((if signed { RmwOp::Min } else { RmwOp::UMin }, true)),
        Kind::Max => Some((if signed { RmwOp::Max } else { RmwOp::UMax }, true)),
        Kind::CmpXchg => None,
    };
    let mut built = site(call, move |env| {
        let regs = env.regs();
        let addr = regs[p.slot as usize];
        let val = v.map_or(0, |a| regs[a.slot as usize]);
        let new = w.map_or(0, |a| regs[a.slot as usize]);
        if addr % size as u64 != 0 {
            env.error(
                Rule::MisalignedAccess,
                &format!("Unaligned address on {name}"),
            );
        }
        let rmw = rmw.map(|(op, from_arg)| (op, if from_arg { val } else { 1 }));
        let old = match rmw {
            Some((op, v)) if !old_used => {
                env.atomic_unread(space, addr, size, op, v);
                None
            }
            Some((op, v)) => env.atomic_rmw(space, addr, size, op, v),
            None => env.compare_exchange(space, addr, size, (val, new)),
        }
        .unwrap_or(0);
        env.regs()[r.slot as usize] = old;
        Ok(())
    });
    built.unread_atomic = rmw.filter(|_| !old_used).and_then(|(op, from_arg)| {
        // `inc` and `dec` take 1, the others their argument (none without one: `run` reads 0).
        let value = if from_arg { Some(v?.slot) } else { None };
        Some(UnreadAtomic {
            pointer: p.slot,
            space,
            size,
            op,
            value,
            result: r.slot,
        })
    });
    emit.site(built);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::builtins::testing::*;

    #[test]
    fn add_returns_old_value() {
        let mut t = TestEnv::new();
        let p = t.global_words(&[5, 7]);
        let r = t.call(
            "_Z10atomic_addPU3AS1Vii",
            &[ptr(1, p + 4), int(32, 3)],
            Some(int_ty(32)),
        );
        assert_eq!(r, vec![7]);
        assert_eq!(t.global_word(p + 4), 10);
    }

    #[test]
    fn signed_and_unsigned_min() {
        let mut t = TestEnv::new();
        let p = t.global_words(&[5]);
        t.call(
            "_Z10atomic_minPU3AS1Vii",
            &[ptr(1, p), int(32, 0xffff_ffff)],
            Some(int_ty(32)),
        );
        assert_eq!(t.global_word(p), 0xffff_ffff);
        let q = t.global_words(&[5]);
        t.call(
            "_Z10atomic_minPU3AS1Vjj",
            &[ptr(1, q), int(32, 0xffff_ffff)],
            Some(int_ty(32)),
        );
        assert_eq!(t.global_word(q), 5);
    }

    #[test]
    fn cmpxchg_and_inc() {
        let mut t = TestEnv::new();
        let p = t.global_words(&[5]);
        let r = t.call(
            "_Z14atomic_cmpxchgPU3AS1Vjjj",
            &[ptr(1, p), int(32, 4), int(32, 9)],
            Some(int_ty(32)),
        );
        assert_eq!((r[0], t.global_word(p)), (5, 5));
        t.call(
            "_Z14atomic_cmpxchgPU3AS1Vjjj",
            &[ptr(1, p), int(32, 5), int(32, 9)],
            Some(int_ty(32)),
        );
        assert_eq!(t.global_word(p), 9);
        t.call("_Z10atomic_incPU3AS1Vj", &[ptr(1, p)], Some(int_ty(32)));
        assert_eq!(t.global_word(p), 10);
    }

    #[test]
    fn unaligned_is_reported() {
        let mut t = TestEnv::new();
        let p = t.global_words(&[0, 0]);
        t.call(
            "_Z10atomic_addPU3AS1Vii",
            &[ptr(1, p + 2), int(32, 1)],
            Some(int_ty(32)),
        );
        assert_eq!(
            t.errors,
            vec!["Unaligned address on atomic_add".to_string()]
        );
    }
}
