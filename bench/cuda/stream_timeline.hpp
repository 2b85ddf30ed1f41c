#pragma once
// Where a stream's life goes (part of the api_profile injection library): for
// every kernel, memset and copy on a stream, the runtime call that submitted it (CUPTI
// correlation ids) tells whether the stream waited for its host thread or for the GPU.
// Per op, against the end of the stream's previous op:
//   running  — the op executes (end - start);
//   host     — the stream is empty until the host submits the op; split into the wake-up
//              after a cudaStreamSynchronize on the submitting thread (previous end to the
//              sync's return) and the host's own work after it (or with no sync between);
//   queued   — submitted, the previous op done, not started yet (launch latency, or the
//              SMs busy with other streams' blocks).
// Summed over the streams of a run, the shares say whether concurrent analyses are held
// up by their own host threads or by the shared GPU. Enabled by GALIAS_API_PROFILE_STREAMS=1.

#include <cupti.h>

namespace galias::bench {

// Enables the activity kinds the timeline needs (runtime calls among them).
void stream_timeline_enable();
// Every activity record, from the profile library's buffer callback (under its lock).
void stream_timeline_take(const CUpti_Activity* record);
// Prints the totals to stderr (at exit, after the activity buffers are flushed).
void stream_timeline_print();

}  // namespace galias::bench
