//! OpenCL handles: reference-counted objects the application sees as opaque pointers.
//!
//! A handle points at a `Handle<T>`, whose first field is the ICD dispatch table (the loader
//! finds our functions through it). Every live handle is in a registry, so a stale, foreign or
//! wrongly-typed pointer is answered with `CL_INVALID_*` instead of being dereferenced.
//!
//! Two counts keep an object alive: the application's reference count (`clRetain*` /
//! `clRelease*`, reported by `*_REFERENCE_COUNT` queries) and Rust `Arc`s held inside the
//! runtime (a queue holds its context, a command holds its buffers). When the application's
//! count reaches zero the handle leaves the registry; the object itself goes, and its
//! destructor callbacks run, when the last `Arc` does.

use std::any::Any;
use std::collections::HashMap;
use std::ops::Deref;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, LazyLock, RwLock};

use crate::cl::*;
use crate::dispatch;
use crate::error::{ClError, ClResult};

/// What a handle is, as far as the registry is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Platform,
    Device,
    Context,
    Queue,
    Mem,
    Sampler,
    Program,
    Kernel,
    Event,
}

/// A type that OpenCL handles can point to.
pub trait ClObject: Send + Sync + Sized + 'static {
    const KIND: Kind;
    /// The error for a handle that is not a live object of this type.
    const INVALID: cl_int;
    /// Runs once, when the object is destroyed, with the handle the application knew
    /// (destructor callbacks get it).
    fn destroyed(&self, _handle: *mut c_void) {}
}

/// The memory a handle points to.
#[repr(C)]
pub struct Handle<T: ClObject> {
    /// Must stay the first field: ICD loaders read it.
    dispatch: &'static cl_icd_dispatch,
    refs: AtomicU32,
    obj: T,
}

impl<T: ClObject> Deref for Handle<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.obj
    }
}

impl<T: ClObject> Drop for Handle<T> {
    fn drop(&mut self) {
        let handle = self as *mut Handle<T> as *mut c_void;
        self.obj.destroyed(handle);
    }
}

impl<T: ClObject> Handle<T> {
    /// The application's reference count.
    pub fn ref_count(&self) -> u32 {
        self.refs.load(Ordering::Acquire)
    }
}

/// A strong reference to an object.
pub type Obj<T> = Arc<Handle<T>>;

/// The handle value the application sees.
pub fn raw<T: ClObject>(obj: &Obj<T>) -> *mut c_void {
    Arc::as_ptr(obj) as *mut c_void
}

struct Live {
    kind: Kind,
    obj: Arc<dyn Any + Send + Sync>,
}

static REGISTRY: LazyLock<RwLock<HashMap<usize, Live>>> =
    LazyLock::new(|| RwLock::new(HashMap::new()));

fn registry_read() -> std::sync::RwLockReadGuard<'static, HashMap<usize, Live>> {
    // A panic elsewhere cannot leave the map inconsistent (every update is one insert/remove).
    REGISTRY.read().unwrap_or_else(|e| e.into_inner())
}

fn registry_write() -> std::sync::RwLockWriteGuard<'static, HashMap<usize, Live>> {
    REGISTRY.write().unwrap_or_else(|e| e.into_inner())
}

/// Creates an object with a reference count of one and registers its handle.
pub fn create<T: ClObject>(obj: T) -> Obj<T> {
    let h = Arc::new(Handle {
        dispatch: dispatch::table(),
        refs: AtomicU32::new(1),
        obj,
    });
    let live = Live {
        kind: T::KIND,
        obj: h.clone(),
    };
    registry_write().insert(raw(&h) as usize, live);
    crate::leaks::created(raw(&h) as usize);
    h
}

/// Every live handle: its value, kind and object (for the leak report at exit).
pub fn live() -> Vec<(usize, Kind, Arc<dyn Any + Send + Sync>)> {
    let reg = registry_read();
    reg.iter()
        .map(|(&h, l)| (h, l.kind, l.obj.clone()))
        .collect()
}

/// The object behind a handle, if it is a live object of type `T`.
pub fn lookup<T: ClObject>(handle: *mut c_void) -> Option<Obj<T>> {
    if handle.is_null() {
        return None;
    }
    let reg = registry_read();
    let live = reg.get(&(handle as usize))?;
    if live.kind != T::KIND {
        return None;
    }
    live.obj.clone().downcast::<Handle<T>>().ok()
}

/// The object behind a handle, or `T::INVALID` naming the argument.
pub fn get<T: ClObject>(handle: *mut c_void, argument: &str) -> ClResult<Obj<T>> {
    lookup(handle).ok_or_else(|| ClError::new(T::INVALID, format!("For argument '{argument}'")))
}

/// `clRetain*`.
pub fn retain<T: ClObject>(handle: *mut c_void, argument: &str) -> ClResult<()> {
    let obj = get::<T>(handle, argument)?;
    obj.refs.fetch_add(1, Ordering::AcqRel);
    Ok(())
}

/// `clRelease*`. Returns the object if the application's count reached zero (its handle is
/// no longer valid; dropping the returned reference may destroy it).
pub fn release<T: ClObject>(handle: *mut c_void, argument: &str) -> ClResult<Option<Obj<T>>> {
    let gone = {
        let mut reg = registry_write();
        let obj = match reg.get(&(handle as usize)) {
            Some(live) if live.kind == T::KIND && !handle.is_null() => {
                live.obj.clone().downcast::<Handle<T>>().ok()
            }
            _ => None,
        }
        .ok_or_else(|| ClError::new(T::INVALID, format!("For argument '{argument}'")))?;
        if obj.refs.fetch_sub(1, Ordering::AcqRel) == 1 {
            reg.remove(&(handle as usize));
            crate::leaks::released(handle as usize);
            Some(obj)
        } else {
            None
        }
    };
    // Anything dropped here runs outside the registry lock (destructor callbacks may call us).
    Ok(gone)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    static DESTROYED: AtomicUsize = AtomicUsize::new(0);

    struct Thing(u32);
    impl ClObject for Thing {
        const KIND: Kind = Kind::Sampler;
        const INVALID: cl_int = CL_INVALID_SAMPLER;
        fn destroyed(&self, _handle: *mut c_void) {
            DESTROYED.fetch_add(1, Ordering::SeqCst);
        }
    }

    struct Other;
    impl ClObject for Other {
        const KIND: Kind = Kind::Event;
        const INVALID: cl_int = CL_INVALID_EVENT;
    }

    #[test]
    fn handles_are_validated_and_counted() {
        let before = DESTROYED.load(Ordering::SeqCst);
        let t = create(Thing(7));
        let h = raw(&t);
        // The dispatch table is the first word.
        assert_eq!(
            unsafe { *(h as *const *const cl_icd_dispatch) },
            dispatch::table() as *const _
        );
        assert_eq!(lookup::<Thing>(h).map(|o| o.0), Some(7));
        assert!(lookup::<Other>(h).is_none());
        assert!(lookup::<Thing>(std::ptr::null_mut()).is_none());
        let e = get::<Other>(h, "event").err().unwrap();
        assert_eq!(e.code, CL_INVALID_EVENT);
        retain::<Thing>(h, "sampler").unwrap();
        assert_eq!(t.ref_count(), 2);
        assert!(release::<Thing>(h, "sampler").unwrap().is_none());
        let last = release::<Thing>(h, "sampler").unwrap();
        assert!(last.is_some());
        assert!(lookup::<Thing>(h).is_none());
        assert_eq!(
            release::<Thing>(h, "sampler").err().unwrap().code,
            CL_INVALID_SAMPLER
        );
        // Still alive while we hold references.
        assert_eq!(DESTROYED.load(Ordering::SeqCst), before);
        drop(last);
        drop(t);
        assert_eq!(DESTROYED.load(Ordering::SeqCst), before + 1);
    }
}
