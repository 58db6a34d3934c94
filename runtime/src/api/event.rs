//! Event entry points.

use super::context::get_context;
use super::*;
use crate::context::Callback;
use crate::error::{api_call, api_create, blame, fail};
use crate::event::{self as events, Event};
use crate::info::val;

fn get_event(handle: cl_event) -> ClResult<Obj<Event>> {
    let e = handle::get::<Event>(handle, "event")?;
    blame(&e.context);
    Ok(e)
}

pub unsafe extern "C" fn clWaitForEvents(
    num_events: cl_uint,
    event_list: *const cl_event,
) -> cl_int {
    api_call("clWaitForEvents", || {
        ensure!(
            num_events > 0 && !event_list.is_null(),
            CL_INVALID_VALUE,
            "num_events is {num_events} and event_list is {}",
            if event_list.is_null() {
                "NULL"
            } else {
                "not NULL"
            }
        );
        let mut list = Vec::new();
        for (i, &e) in slice(event_list, num_events as usize).iter().enumerate() {
            let ev = handle::get::<Event>(e, &format!("event_list[{i}]"))?;
            if let Some(first) = list.first() {
                let first: &Obj<Event> = first;
                ensure!(
                    std::sync::Arc::ptr_eq(&first.context, &ev.context),
                    CL_INVALID_CONTEXT,
                    "event_list[{i}] belongs to another context"
                );
            }
            blame(&ev.context);
            list.push(ev);
        }
        let mut failed = 0;
        for e in &list {
            let Some(status) = e.wait() else {
                fail!(CL_INVALID_OPERATION, "{}", crate::api::FROM_OWN_CALLBACK);
            };
            failed += (status < 0) as usize;
        }
        ensure!(
            failed == 0,
            CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
            "{failed} of the events failed"
        );
        Ok(())
    })
}

pub unsafe extern "C" fn clGetEventInfo(
    event: cl_event,
    param_name: cl_event_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    info_call(
        "clGetEventInfo",
        param_value_size,
        param_value,
        param_value_size_ret,
        || {
            let e = get_event(event)?;
            Ok(match param_name {
                CL_EVENT_COMMAND_QUEUE => {
                    val(&e.queue.as_ref().map_or(std::ptr::null_mut(), handle::raw))
                }
                CL_EVENT_CONTEXT => val(&handle::raw(&e.context)),
                CL_EVENT_COMMAND_TYPE => val(&e.command_type),
                CL_EVENT_COMMAND_EXECUTION_STATUS => val(&e.status()),
                CL_EVENT_REFERENCE_COUNT => val(&e.ref_count()),
                _ => fail!(
                    CL_INVALID_VALUE,
                    "For argument 'param_name': {param_name:#x} is not an event query"
                ),
            })
        },
    )
}

pub unsafe extern "C" fn clCreateUserEvent(
    context: cl_context,
    errcode_ret: *mut cl_int,
) -> cl_event {
    api_create("clCreateUserEvent", errcode_ret, || {
        let c = get_context(context)?;
        Ok(hand_out(handle::create(Event::user(c))))
    })
}

pub unsafe extern "C" fn clRetainEvent(event: cl_event) -> cl_int {
    api_call("clRetainEvent", || handle::retain::<Event>(event, "event"))
}

pub unsafe extern "C" fn clReleaseEvent(event: cl_event) -> cl_int {
    api_call("clReleaseEvent", || {
        handle::release::<Event>(event, "event").map(drop)
    })
}

pub unsafe extern "C" fn clSetUserEventStatus(event: cl_event, execution_status: cl_int) -> cl_int {
    api_call("clSetUserEventStatus", || {
        let e = get_event(event)?;
        ensure!(
            e.is_user(),
            CL_INVALID_EVENT,
            "The event is not a user event"
        );
        ensure!(
            execution_status <= CL_COMPLETE,
            CL_INVALID_VALUE,
            "execution_status is {execution_status}: it must be CL_COMPLETE or negative"
        );
        ensure!(
            e.status() == CL_SUBMITTED,
            CL_INVALID_OPERATION,
            "The user event's status was already set"
        );
        events::set_status(&e, execution_status);
        Ok(())
    })
}

pub unsafe extern "C" fn clSetEventCallback(
    event: cl_event,
    command_exec_callback_type: cl_int,
    pfn_notify: EventNotify,
    user_data: *mut c_void,
) -> cl_int {
    api_call("clSetEventCallback", || {
        let e = get_event(event)?;
        let Some(f) = pfn_notify else {
            fail!(CL_INVALID_VALUE, "For argument 'pfn_notify'");
        };
        ensure!(
            matches!(
                command_exec_callback_type,
                CL_SUBMITTED | CL_RUNNING | CL_COMPLETE
            ),
            CL_INVALID_VALUE,
            "command_exec_callback_type is {command_exec_callback_type}"
        );
        events::add_callback(&e, command_exec_callback_type, Callback::new(f, user_data));
        Ok(())
    })
}

pub unsafe extern "C" fn clGetEventProfilingInfo(
    event: cl_event,
    param_name: cl_profiling_info,
    param_value_size: size_t,
    param_value: *mut c_void,
    param_value_size_ret: *mut size_t,
) -> cl_int {
    info_call(
        "clGetEventProfilingInfo",
        param_value_size,
        param_value,
        param_value_size_ret,
        || {
            let e = get_event(event)?;
            ensure!(
                e.profiled(),
                CL_PROFILING_INFO_NOT_AVAILABLE,
                "The event's queue was not created with CL_QUEUE_PROFILING_ENABLE"
            );
            ensure!(
                e.status() == CL_COMPLETE,
                CL_PROFILING_INFO_NOT_AVAILABLE,
                "The command has not completed"
            );
            let t = e.times();
            Ok(match param_name {
                CL_PROFILING_COMMAND_QUEUED => val(&t.queued),
                CL_PROFILING_COMMAND_SUBMIT => val(&t.submit),
                CL_PROFILING_COMMAND_START => val(&t.start),
                CL_PROFILING_COMMAND_END | CL_PROFILING_COMMAND_COMPLETE => val(&t.end),
                _ => fail!(
                    CL_INVALID_VALUE,
                    "For argument 'param_name': {param_name:#x} is not a profiling query"
                ),
            })
        },
    )
}
