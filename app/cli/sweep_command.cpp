#include "cli/sweep_command.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <ostream>
#include <thread>

#include <spdlog/spdlog.h>

#include "cli/atomic_output_file.h"
#include "cli/cli_error.h"
#include "cli/command_context.h"
#include "cli/simulation_overrides.h"
#include "cli/sweep_table.h"
#include "model/diagnostic.h"
#include "mpi/process_group.h"
#include "sweep/sweep_runner.h"

namespace kelvin::cli {

namespace {

/// "i/N" → {i, N} with 1 ≤ i ≤ N. Throws CliError (usage).
std::pair<long, long> parseShard(const std::string& text) {
  const auto slash = text.find('/');
  long part = 0, parts = 0;
  try {
    std::size_t used = 0;
    part = std::stol(text.substr(0, slash), &used);
    if (used != slash) throw std::invalid_argument(text);
    parts = std::stol(text.substr(slash + 1), &used);
    if (used != text.size() - slash - 1) throw std::invalid_argument(text);
  } catch (const std::exception&) {
    throw CliError(kExitUsage, "--shard '" + text + "': expected i/N, e.g. 1/4");
  }
  if (slash == std::string::npos || parts < 1 || part < 1 || part > parts)
    throw CliError(kExitUsage, "--shard '" + text + "': expected i/N with 1 ≤ i ≤ N");
  return {part, parts};
}

core::SweepSpec readSpec(const CliArguments& args) {
  core::SweepSpec spec;
  try {
    for (const std::string& p : args.texts("param")) spec.grid.push_back(core::SweepSpec::parseGrid(p));
    for (const std::string& v : args.texts("vary")) spec.varied.push_back(core::SweepSpec::parseVaried(v));
  } catch (const core::SweepSpecError& e) {
    throw CliError(kExitUsage, e.what());
  }
  if (const auto n = args.number("monte-carlo")) {
    if (!(*n >= 1.0) || *n != static_cast<double>(static_cast<long>(*n)) || *n > 1e9)
      throw CliError(kExitUsage, "--monte-carlo must be a whole number of runs ≥ 1");
    spec.monteCarlo = static_cast<int>(*n);
  }
  if (const auto seed = args.text("seed")) {
    try {
      std::size_t used = 0;
      spec.seed = std::stoull(*seed, &used);
      if (used != seed->size()) throw std::invalid_argument(*seed);
    } catch (const std::exception&) {
      throw CliError(kExitUsage, "--seed '" + *seed + "': expected a whole number ≥ 0");
    }
  }
  if (spec.grid.empty() && spec.varied.empty())
    throw CliError(kExitUsage, "nothing to sweep: give --param ID.PARAM=... or --monte-carlo N --vary ...");
  return spec;
}

}  // namespace

std::string SweepCommand::summary() const {
  return "run a parameter sweep or Monte Carlo study; CSV 'run,<ID.PARAM>...,<measure>...,status'";
}

std::vector<OptionSpec> SweepCommand::options() const {
  std::vector<OptionSpec> options{
      {"param", "ID.P=VALUES", "grid values: v1,v2,... or lin(a,b,n) or log(a,b,n); repeat for a full grid", true},
      {"monte-carlo", "N", "Monte Carlo runs (per grid point) drawing the --vary parameters"},
      {"seed", "S", "seed of the draws (default 1); run i draws from S and i only"},
      {"vary", "ID.P=DIST", "normal(mean,sd) (sd may be 'x%' of the mean) or uniform(a,b); repeatable", true},
      {"measure", "NAME=EXPR", "at(S,T) final(S) max(S) min(S) mean(S) rms(S) crossing(S,L), combined arithmetically; repeatable", true},
      {"out", "F.csv", "write the table here (default: stdout)"},
      {"traces", "DIR", "also write each run's signals to DIR/run_<i>.csv"},
      {"jobs", "N", "threads (default: all cores, shared by the MPI ranks of a machine)"},
      {"shard", "i/N", "make only the runs whose index is i-1 modulo N (a job array's task i)"},
  };
  std::vector<OptionSpec> overrides = simulationOverrideOptions();
  options.insert(options.end(), overrides.begin(), overrides.end());
  return options;
}

int SweepCommand::run(const CliArguments& args, CommandContext& context) {
  const std::string& path = args.singlePositional("model file (MODEL.kelvin)");
  const SimulationOverrides overrides(args);
  core::SweepSpec spec = readSpec(args);
  std::vector<core::Measure> measures;
  try {
    for (const std::string& m : args.texts("measure")) measures.push_back(core::Measure::parse(m));
  } catch (const core::SweepSpecError& e) {
    throw CliError(kExitUsage, e.what());
  }
  std::pair<long, long> shard{1, 1};
  if (const auto text = args.text("shard")) shard = parseShard(*text);
  std::optional<int> jobs;
  if (const auto n = args.number("jobs")) {
    if (!(*n >= 1.0) || *n != static_cast<double>(static_cast<int>(*n)))
      throw CliError(kExitUsage, "--jobs must be a whole number ≥ 1");
    jobs = static_cast<int>(*n);
  }
  const std::optional<std::string> tracesDir = args.text("traces");
  const std::optional<std::string> outPath = args.text("out");
  if (outPath && outPath->empty()) throw CliError(kExitUsage, "--out needs a file name");

  app::ProcessGroup group;
  std::optional<AtomicOutputFile> file;  // rank 0 writes the table; a bad path fails before any run
  std::string fileError;
  try {
    if (outPath && group.rank() == 0) file.emplace(*outPath, path);
  } catch (const CliError& e) {
    fileError = e.what();
  }
  if (group.maxOverAll(fileError.empty() ? 0 : 1)) {  // every rank stops, none waits for rank 0
    if (!fileError.empty()) throw CliError(kExitOutputError, fileError);
    return kExitOutputError;
  }

  const core::Model model = context.loadValidModel(path);
  core::SimulationOptions options = core::SimulationOptions::fromSettings(model.settings, path);
  overrides.applyTo(options);
  const std::vector<std::string> names = spec.parameterNames();
  const core::SweepRunner runner(model, context.registry(), path, std::move(spec), std::move(measures), options, {},
                                 tracesDir.has_value());
  if (tracesDir) {
    std::error_code error;
    std::filesystem::create_directories(*tracesDir, error);
    if (error) throw CliError(kExitOutputError, "cannot create the traces directory '" + *tracesDir + "': " + error.message());
  }

  // This process's runs: those of its shard, dealt round-robin over the MPI ranks.
  std::vector<long> mine;
  for (long r = shard.first - 1, k = 0; r < runner.runCount(); r += shard.second, ++k)
    if (k % group.size() == group.rank()) mine.push_back(r);
  const int cores = std::max(1u, std::thread::hardware_concurrency());
  const int threads = jobs.value_or(std::max(1, cores / group.localSize()));
  spdlog::info("sweep {}: {} runs in all, {} here (rank {} of {}), {} threads", path, runner.runCount(), mine.size(),
               group.rank(), group.size(), threads);

  std::map<long, std::string> lines;
  const int width = static_cast<int>(std::to_string(std::max(runner.runCount() - 1, 0L)).size());
  std::string traceError;
  runner.runAll(mine, threads, [&](core::SweepRunResult&& result) {
    lines.emplace(result.run, sweepLine(result));
    if (!tracesDir || !traceError.empty()) return;
    std::string index = std::to_string(result.run);
    index.insert(0, static_cast<std::size_t>(width) - std::min<std::size_t>(width, index.size()), '0');
    try {
      AtomicOutputFile trace((std::filesystem::path(*tracesDir) / ("run_" + index + ".csv")).string(), path);
      trace.stream() << traceCsv(result.trace);
      trace.commit();
    } catch (const CliError& e) {
      traceError = e.what();
    }
  });
  std::string text;
  for (const auto& [run, line] : lines) text += line;
  const std::vector<std::string> parts = group.gatherToRoot(text);
  const int failed = group.maxOverAll(traceError.empty() ? 0 : 1);
  if (!traceError.empty()) throw CliError(kExitOutputError, traceError);
  if (failed) return kExitOutputError;
  if (group.rank() != 0) return kExitSuccess;

  // Merge the ranks' lines by run (each part is in run order already).
  std::map<long, std::string_view> table;
  for (const std::string& part : parts)
    for (std::size_t from = 0; from < part.size();) {
      const std::size_t end = part.find('\n', from);
      const std::string_view line(part.data() + from, end - from + 1);
      table.emplace(std::stol(std::string(line.substr(0, line.find(',')))), line);
      from = end + 1;
    }
  std::ostream& out = file ? file->stream() : context.out();
  out << sweepHeader(names, runner.measures());
  long failures = 0;
  for (const auto& [run, line] : table) {
    out << line;
    failures += line.find(",ok\n") == std::string_view::npos;
  }
  if (file) {
    file->commit();
  } else if (!out.flush()) {
    throw CliError(kExitOutputError, "cannot write the table to stdout");
  }
  if (failures) spdlog::warn("sweep {}: {} of {} runs failed (see the status column)", path, failures, table.size());
  return kExitSuccess;
}

}  // namespace kelvin::cli
