/*
 * oclgrind_plugin.h: the C interface of oclgrind-rs's dynamic plugins.
 *
 * A plugin is a shared library that exports
 *
 *     int oclgrind_plugin_init(uint32_t host_version, const oclgrind_host_api *api,
 *                              oclgrind_plugin *plugin);
 *
 * `oclgrind --plugins A.so:B.so` (or OCLGRIND_PLUGINS=A.so:B.so, and the same for
 * oclgrind-kernel) loads each library and calls it once per simulator context (each
 * cl_context, or the one of oclgrind-kernel). It fills in `plugin`: the API version it was
 * built for, the events it wants, whether it is thread-safe, and its callbacks; it returns 0,
 * or anything else to decline (the run goes on without it). `api` stays valid as long as the
 * plugin is loaded.
 *
 * Callbacks get back the plugin's `user` pointer. Events of running kernels also get an event
 * context, valid only during the callback, for the host API's functions (the current
 * work-item, where the event happened, simulated memory, diagnostics). A plugin that says it
 * is thread-safe gets them from several worker threads at once; one that is not makes every
 * launch run on one thread. Plain C types only; every struct begins with nothing but what is
 * declared here, and a later version only adds members at the end (checked by `api_version`).
 */
#ifndef OCLGRIND_PLUGIN_H
#define OCLGRIND_PLUGIN_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define OCLGRIND_PLUGIN_API_VERSION 1

/* Address spaces, numbered as SPIR numbers them. */
typedef enum {
  OCLGRIND_PRIVATE = 0,
  OCLGRIND_GLOBAL = 1,
  OCLGRIND_CONSTANT = 2,
  OCLGRIND_LOCAL = 3,
  OCLGRIND_GENERIC = 4
} oclgrind_address_space;

/* What an access does to memory. */
typedef enum {
  OCLGRIND_LOAD = 0,
  OCLGRIND_STORE = 1,
  OCLGRIND_ATOMIC = 2 /* read-modify-write or compare-and-swap */
} oclgrind_access_kind;

/* Diagnostic levels. */
typedef enum {
  OCLGRIND_INFO = 0,
  OCLGRIND_WARNING = 1,
  OCLGRIND_ERROR = 2
} oclgrind_level;

/* The events a plugin asks for (`oclgrind_plugin.interests`). */
#define OCLGRIND_EVENT_KERNEL (1u << 0)      /* kernel_begin, kernel_end */
#define OCLGRIND_EVENT_WORK_GROUP (1u << 1)  /* work_group_begin, work_group_complete */
#define OCLGRIND_EVENT_WORK_ITEM (1u << 2)   /* work_item_begin, work_item_complete */
#define OCLGRIND_EVENT_BARRIER (1u << 3)     /* work_group_barrier */
#define OCLGRIND_EVENT_MEMORY (1u << 4)      /* memory_access: loads, stores, atomics */
#define OCLGRIND_EVENT_ALLOCATION (1u << 5)  /* memory_allocated, memory_deallocated */
#define OCLGRIND_EVENT_HOST_MEMORY (1u << 6) /* host_memory_load, host_memory_store */
#define OCLGRIND_EVENT_INSTRUCTION (1u << 7) /* instruction_executed: after every one */
#define OCLGRIND_EVENT_LOG (1u << 8)         /* log: every diagnostic and message */

/* A kernel launch. */
typedef struct {
  const char *kernel;
  uint32_t work_dim;
  uint64_t global_offset[3];
  uint64_t global_size[3];
  uint64_t local_size[3];
  uint64_t num_groups[3];
} oclgrind_launch;

/* A work-item's ids. */
typedef struct {
  uint64_t global[3];
  uint64_t local[3];
  uint64_t group[3];
} oclgrind_work_item;

/* A memory access by a kernel: the address as the kernel sees it, in the named space (a
 * generic pointer is resolved first); `data` holds what memory holds afterwards (stores and
 * atomics; NULL for loads). At a store, simulated memory still holds the bytes from before
 * it (`read_memory` reads them); at an atomic, those from after it. */
typedef struct {
  oclgrind_address_space space;
  oclgrind_access_kind kind;
  uint64_t address;
  uint64_t size;
  const uint8_t *data;
} oclgrind_access;

/* Where an event happened: the source position (file NULL and line 0 when unknown) and the
 * LLVM instruction (NULL when the event has none). */
typedef struct {
  const char *file;
  uint32_t line;
  uint32_t column;
  const char *instruction;
} oclgrind_location;

/* An event of a running kernel, for the host API; valid during the callback only. */
typedef struct oclgrind_event_context oclgrind_event_context;

/* What the host offers a plugin. Each function returns 0 on success. */
typedef struct {
  uint32_t api_version;
  /* Reports `headline` through the standard Logger in Oclgrind's layout (kernel, entity,
   * instruction and source lines follow it), so that it shows wherever diagnostics show. */
  int (*report)(const oclgrind_event_context *cx, oclgrind_level level, const char *headline);
  /* Logs `message` as it is, in order with the work-group's other output. */
  int (*log)(const oclgrind_event_context *cx, oclgrind_level level, const char *message);
  /* The work-item of the event (fails for events of a whole work-group). */
  int (*work_item)(const oclgrind_event_context *cx, oclgrind_work_item *out);
  /* Where the event happened. */
  int (*location)(const oclgrind_event_context *cx, oclgrind_location *out);
  /* Reads `size` bytes of simulated memory at `address`: global and constant memory at any
   * event, the work-group's local and the work-item's private memory at memory accesses. */
  int (*read_memory)(const oclgrind_event_context *cx, oclgrind_address_space space,
                     uint64_t address, uint64_t size, void *out);
} oclgrind_host_api;

/* A plugin, as `oclgrind_plugin_init` fills it in. Callbacks left NULL are not called. */
typedef struct {
  uint32_t api_version; /* OCLGRIND_PLUGIN_API_VERSION */
  uint32_t interests;   /* OCLGRIND_EVENT_* */
  int32_t thread_safe;  /* 0: launches run on one worker thread */
  void *user;
  void (*kernel_begin)(void *user, const oclgrind_launch *launch);
  /* After every work-group: `cx` logs after all of the launch's other output. */
  void (*kernel_end)(void *user, const oclgrind_event_context *cx, const oclgrind_launch *launch);
  void (*work_group_begin)(void *user, const oclgrind_event_context *cx, const uint64_t group[3]);
  void (*work_group_complete)(void *user, const oclgrind_event_context *cx,
                              const uint64_t group[3]);
  /* All of the group's work-items reached a barrier with these fence flags (1: local, 2:
   * global). */
  void (*work_group_barrier)(void *user, const oclgrind_event_context *cx, uint32_t fence);
  void (*work_item_begin)(void *user, const oclgrind_event_context *cx);
  void (*work_item_complete)(void *user, const oclgrind_event_context *cx);
  void (*instruction_executed)(void *user, const oclgrind_event_context *cx);
  void (*memory_access)(void *user, const oclgrind_event_context *cx,
                        const oclgrind_access *access);
  /* Memory was allocated: a global buffer by the host (`cx` NULL), a work-group's local
   * memory, a work-item's private memory. */
  void (*memory_allocated)(void *user, const oclgrind_event_context *cx,
                           oclgrind_address_space space, uint64_t address, uint64_t size);
  /* The host freed a global buffer. */
  void (*memory_deallocated)(void *user, oclgrind_address_space space, uint64_t address);
  void (*host_memory_load)(void *user, uint64_t address, uint64_t size);
  void (*host_memory_store)(void *user, uint64_t address, uint64_t size, const uint8_t *data);
  /* A diagnostic or message of the simulator or another plugin. */
  void (*log)(void *user, oclgrind_level level, const char *message);
  /* The context goes away: the last call. */
  void (*release)(void *user);
} oclgrind_plugin;

int oclgrind_plugin_init(uint32_t host_version, const oclgrind_host_api *api,
                         oclgrind_plugin *plugin);

#ifdef __cplusplus
}
#endif

#endif /* OCLGRIND_PLUGIN_H */
