#pragma once
// The text of a sweep's result table: the header `run,<ID.PARAM>...,<measure>...,status`
// and one CSV line per run, numbers as %.17g (they read back to the same double), the
// status "ok" or the failure's message (quoted). A line depends only on its run's result,
// so tables made by threads, shards or MPI ranks merge by sorting lines on the run.

#include <string>
#include <vector>

#include "sweep/sweep_runner.h"

namespace kelvin::cli {

/// "run,R1.R,C1.C,tau,status\n".
std::string sweepHeader(const std::vector<std::string>& parameters, const std::vector<core::Measure>& measures);
/// "3,1000,1e-06,0.001,ok\n".
std::string sweepLine(const core::SweepRunResult& result);
/// A trace as CSV: `time,<signal>...`, then one row per sample.
std::string traceCsv(const core::Trace& trace);

}  // namespace kelvin::cli
