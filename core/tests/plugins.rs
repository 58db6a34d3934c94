//! The plugin interface: every event reaches the plugins that asked for it, with the right
//! context, and plugins that ask for nothing cost nothing.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use oclgrind_core::diagnostics::{Entity, Level};
use oclgrind_core::memory::AddrSpace;
use oclgrind_core::plugins::{Access, ExecContext, Interest, LaunchInfo, Plugin};
use oclgrind_core::{launch, ArgValue, Config, Context, NDRange};

/// Counts events by name.
struct Counter {
    interests: Interest,
    counts: Mutex<BTreeMap<String, u64>>,
    stores: Mutex<Vec<(u64, Vec<u8>)>>,
}

impl Counter {
    fn new(interests: Interest) -> Arc<Counter> {
        Arc::new(Counter {
            interests,
            counts: Mutex::new(BTreeMap::new()),
            stores: Mutex::new(Vec::new()),
        })
    }

    fn bump(&self, what: &str) {
        *self
            .counts
            .lock()
            .unwrap()
            .entry(what.to_string())
            .or_default() += 1;
    }

    fn count(&self, what: &str) -> u64 {
        self.counts.lock().unwrap().get(what).copied().unwrap_or(0)
    }
}

impl Plugin for Counter {
    fn name(&self) -> &str {
        "Counter"
    }
    fn interests(&self) -> Interest {
        self.interests
    }
    fn log(&self, _: Level, _: &str) {
        self.bump("log");
    }
    fn kernel_begin(&self, l: &LaunchInfo) {
        assert_eq!(l.kernel, "k");
        self.bump("kernel_begin");
    }
    fn kernel_end(&self, _: &LaunchInfo) {
        self.bump("kernel_end");
    }
    fn work_group_begin(&self, _: &LaunchInfo, _: [u64; 3]) {
        self.bump("wg_begin");
    }
    fn work_group_complete(&self, _: &LaunchInfo, _: [u64; 3]) {
        self.bump("wg_complete");
    }
    fn work_group_barrier(&self, cx: &ExecContext, fence: u32) {
        assert!(matches!(cx.entity, Entity::Group(_)));
        assert_eq!(fence, 1);
        self.bump("barrier");
    }
    fn work_item_begin(&self, cx: &ExecContext) {
        assert!(matches!(cx.entity, Entity::WorkItem { .. }));
        self.bump("wi_begin");
    }
    fn work_item_complete(&self, _: &ExecContext) {
        self.bump("wi_complete");
    }
    fn instruction_executed(&self, cx: &ExecContext) {
        assert!(cx.at.is_some());
        self.bump("instruction");
    }
    fn memory_load(&self, _: &ExecContext, a: &Access) {
        self.bump(&format!("load {}", a.space));
    }
    fn memory_store(&self, _: &ExecContext, a: &Access, data: &[u8]) {
        assert_eq!(a.size as usize, data.len());
        self.bump(&format!("store {}", a.space));
        self.stores.lock().unwrap().push((a.address, data.to_vec()));
    }
    fn memory_fault(&self, _: &ExecContext, _: &oclgrind_core::memory::Fault) {
        self.bump("fault");
    }
    fn memory_allocated(&self, _: AddrSpace, _: u64, size: u64, _: u32) {
        assert_eq!(size, 32);
        self.bump("allocated");
    }
    fn host_memory_store(&self, _: u64, data: &[u8]) {
        assert_eq!(data.len(), 32);
        self.bump("host store");
    }
    fn host_memory_load(&self, _: u64, size: u64) {
        assert_eq!(size, 32);
        self.bump("host load");
    }
}

const SRC: &str = r#"
kernel void k(global int *out, local int *tmp) {
  int l = get_local_id(0);
  tmp[l] = l * 10;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tmp[(l + 1) % 4];
  if (get_global_id(0) == 7) out[8] = 0;
}
"#;

fn run_with(plugin: Arc<Counter>) -> Vec<u8> {
    let mut ctx = Context::new(Config {
        log_file: Some("/dev/null".into()),
        num_threads: 2,
        ..Config::default()
    });
    ctx.add_plugin(plugin);
    let program = ctx.build_program(SRC, "-cl-opt-disable").expect("builds");
    let placed = ctx.place_program(Arc::new(program)).unwrap();
    let kernel = placed.kernel("k").unwrap();
    let out = ctx.allocate(32, 0).unwrap();
    ctx.host_write(out, &[0; 32]);
    let nd = NDRange {
        work_dim: 1,
        global_offset: [0; 3],
        global_size: [8, 1, 1],
        local_size: [4, 1, 1],
    };
    launch(
        &ctx,
        &kernel,
        &[ArgValue::Pointer(out), ArgValue::LocalSize(16)],
        &nd,
    )
    .unwrap();
    let mut bytes = vec![0u8; 32];
    ctx.host_read(out, &mut bytes);
    bytes
}

#[test]
fn every_event_reaches_interested_plugins() {
    let all = Interest::LOG
        | Interest::KERNEL
        | Interest::WORK_GROUP
        | Interest::WORK_ITEM
        | Interest::INSTRUCTION
        | Interest::MEMORY
        | Interest::BARRIER
        | Interest::FAULTS
        | Interest::ALLOCATION
        | Interest::HOST_MEMORY;
    let c = Counter::new(all);
    let out = run_with(c.clone());
    let words: Vec<i32> = out
        .chunks_exact(4)
        .map(|b| i32::from_le_bytes(b.try_into().unwrap()))
        .collect();
    assert_eq!(words, vec![10, 20, 30, 0, 10, 20, 30, 0]);
    assert_eq!((c.count("kernel_begin"), c.count("kernel_end")), (1, 1));
    assert_eq!(
        (
            c.count("allocated"),
            c.count("host store"),
            c.count("host load")
        ),
        (1, 1, 1)
    );
    assert_eq!((c.count("wg_begin"), c.count("wg_complete")), (2, 2));
    assert_eq!((c.count("wi_begin"), c.count("wi_complete")), (8, 8));
    assert_eq!(c.count("barrier"), 2);
    assert_eq!(c.count("store local"), 8);
    assert_eq!(c.count("load local"), 8);
    // 8 results plus the out-of-bounds attempt, which is observed before it is refused.
    assert_eq!(c.count("store global"), 9);
    assert_eq!(c.count("fault"), 1);
    assert_eq!(c.count("log"), 1, "MemCheck's message");
    assert!(c.count("instruction") > 8 * 10);
    let stores = c.stores.lock().unwrap();
    assert!(stores.iter().any(|(_, d)| d == &30i32.to_le_bytes()));
}

#[test]
fn plugins_only_get_what_they_ask_for() {
    let c = Counter::new(Interest::KERNEL);
    run_with(c.clone());
    let counts = c.counts.lock().unwrap().clone();
    assert_eq!(
        counts.keys().collect::<Vec<_>>(),
        vec!["kernel_begin", "kernel_end"]
    );
}
