// Memory of a long run's results in the GUI (bench/README.md): runs a model
// (default: the half-wave rectifier example) for a long simulated time at a
// fixed output step, on this thread, and hands its samples to a RunResult in
// batches as the simulation worker does (every default signal, one batch per
// 1500 samples, by column). Prints the peak resident memory (VmHWM of
// /proc/self/status) after the run, the samples and the wall time.
//
// The same source builds against the RunResult of any revision (it uses only
// its constructor, append() and finish()), so the numbers before and after a
// change to RunResult come from the same driver: see bench/long_run_at.sh.
//
// Usage: long_run_bench [stop seconds (1000)] [output step (20u)] [model (half_wave_rectifier.kelvin)]

#define QT_NO_KEYWORDS  // core headers name members "signals"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include <QCoreApplication>

#include "elaborate/block_registry.h"
#include "expr/si_number.h"
#include "library.h"
#include "model/model_file.h"
#include "run/compiled_model.h"
#include "run/simulator.h"
#include "scopes/run_result.h"

using namespace kelvin;

namespace {

/// Peak resident set size so far, in MB (VmHWM), or -1 where /proc is missing.
double peakResidentMb() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::atof(line.c_str() + 6) / 1024.0;
  return -1.0;
}

}  // namespace

int main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  const double stop = argc > 1 ? core::parseSiNumber(argv[1]).value_or(1000.0) : 1000.0;
  const double step = argc > 2 ? core::parseSiNumber(argv[2]).value_or(20e-6) : 20e-6;
  const std::string path = argc > 3 ? argv[3] : std::string(KELVIN_EXAMPLES_DIR "/half_wave_rectifier.kelvin");
  constexpr std::size_t kBatch = 1500;  // ~30 ms of a run going at 50 000 samples per second

  core::BlockRegistry registry;
  blocks::registerAll(registry);
  const core::Model model = core::loadModel(path);
  const auto compiled = core::compileModel(model, registry, path);
  core::SimulationOptions options = core::SimulationOptions::fromSettings(model.settings, path);
  options.stopTime = stop;
  options.step = step;
  const std::vector<std::string>& names = core::signalNames(*compiled);
  gui::RunInfo info;
  for (const std::string& name : core::defaultSignalNames(*compiled)) {
    info.signalNames << QString::fromStdString(name);
    options.outputs.push_back(static_cast<int>(std::find(names.begin(), names.end(), name) - names.begin()));
  }
  info.stopTime = stop;
  info.expectedSamples = static_cast<std::size_t>(stop / step) + 2;
  std::printf("%s: %g s at an output step of %g s, %lld signals recorded, baseline %.1f MB\n", path.c_str(), stop, step,
              static_cast<long long>(info.signalNames.size()), peakResidentMb());

  gui::RunResult run(info, QStringLiteral("Run 1"));
  gui::SampleBatch batch;
  std::size_t samples = 0;
  const auto start = std::chrono::steady_clock::now();
  core::simulate(*compiled, options, [&](double t, const std::vector<double>& row) {
    batch.addRow(t, row);
    ++samples;
    if (batch.size() >= kBatch) {
      run.append(batch);
      batch = {};
    }
  });
  run.append(batch);
  run.finish({});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("run: %zu samples in %.1f s wall; peak resident %.1f MB\n", samples, seconds, peakResidentMb());
  return 0;
}
