// CPU seconds of a model's transient run, compiled once and run several times (bench/README.md,
// "Integration"): the consistent initial state alone (checkInitialState) and the whole run
// (simulate: initial state, IDA's steps, output samples), with the solver's counts. CPU time,
// not wall time, so that a loaded machine still gives comparable figures; each is the median
// over the repeats (and the fastest). The samples of the last run go to a CSV when asked, as
// kelvin-cli writes them, for an accuracy check (bench/ladder_bench.py's closed form).
// --parts also times, at the consistent initial state, what a step is made of: one residual,
// one Jacobian, one sparse LU refactorisation and one solve (median microseconds of many).
//
// Usage: integrate_bench MODEL.json [repeat] [--signals a,b] [--out F.csv] [--parts]

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

#include "bench_clock.h"
#include "elaborate/block_registry.h"
#include "elaborate/compile_products.h"
#include "library.h"
#include "model/model_file.h"
#include "run/compiled_model.h"
#include "run/simulator.h"
#include "solve/simulation_run.h"
#include "solve/sparse_lu.h"

using namespace kelvin;
using bench::cpuSeconds;
using bench::median;

namespace {

std::vector<std::string> split(const std::string& list) {
  std::vector<std::string> names;
  std::stringstream in(list);
  for (std::string name; std::getline(in, name, ',');)
    if (!name.empty()) names.push_back(name);
  return names;
}

/// Median CPU microseconds of one call of f, over 5 batches of calls lasting about 20 ms each.
template <class F>
double microseconds(F&& f) {
  f();
  double start = cpuSeconds();
  int calls = 0;
  while (cpuSeconds() - start < 0.002) f(), ++calls;
  const int batch = std::max(1, calls * 10);
  std::vector<double> each;
  for (int r = 0; r < 5; ++r) {
    start = cpuSeconds();
    for (int k = 0; k < batch; ++k) f();
    each.push_back((cpuSeconds() - start) / batch * 1e6);
  }
  return median(each);
}

/// The parts of a step at the consistent initial state (--parts).
void timeParts(const core::CompiledModel& compiled, const core::SimulationOptions& options) {
  const core::DaeSystem& dae = compiled.dae();
  if (dae.size() == 0) return;
  const core::SampleCallback ignore = [](double, const std::vector<double>&) {};
  const core::EventCallback none;
  core::SimulationRun run(dae, options, compiled.file(), ignore, none);
  run.start();
  core::DaeWorkspace ws = dae.makeWorkspace();
  const core::EvalPoint at{options.startTime,   run.y.data(),        run.yp.data(),
                           run.discrete.data(), run.switches.data(), run.delays()};
  std::vector<double> out(dae.size()), values(dae.nonZeros()), rhs(dae.size());
  const double cj = 1.0 / (1e-6 * (options.stopTime - options.startTime));  // a step of a millionth of the run
  const double residual = microseconds([&] { dae.residual(at, out.data(), ws); });
  const double jacobian = microseconds([&] { dae.jacobian(at, cj, values.data(), ws); });
  core::SparseLu lu(dae.size(), dae.columnStart(), dae.rowIndex());
  const double factor = microseconds([&] { lu.factorize(values.data()); });
  lu.factorize(values.data());
  const double solve = microseconds([&] {
    std::fill(rhs.begin(), rhs.end(), 1.0);
    lu.solve(rhs.data());
  });
  std::printf("  parts (us): residual %.1f, Jacobian %.1f, LU refactorisation %.1f, LU solve %.1f\n", residual,
              jacobian, factor, solve);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: integrate_bench MODEL.json [repeat] [--signals a,b] [--out F.csv] [--parts]\n");
    return 2;
  }
  const std::string file = argv[1];
  int repeat = 5;
  std::vector<std::string> wanted;
  std::string outPath;
  bool parts = false;
  for (int i = 2; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--parts"))
      parts = true;
    else if (!std::strcmp(argv[i], "--signals") && i + 1 < argc)
      wanted = split(argv[++i]);
    else if (!std::strcmp(argv[i], "--out") && i + 1 < argc)
      outPath = argv[++i];
    else
      repeat = std::max(1, std::atoi(argv[i]));
  }
  core::BlockRegistry registry;
  blocks::registerAll(registry);
  const core::Model model = core::loadModel(file);
  core::SimulationOptions options = core::SimulationOptions::fromSettings(model.settings, file);
  // Compiled as kelvin-cli simulate compiles it: a run draws no noise (no noise sources, whose
  // discrete values the residual would compare at every call).
  const auto compiled = core::compileModel(model, registry, file, {}, core::CompileProducts::run(options.projection));
  const std::vector<std::string>& names = core::signalNames(*compiled);
  if (wanted.empty()) wanted = core::defaultSignalNames(*compiled);
  for (const std::string& name : wanted) {
    auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) {
      std::fprintf(stderr, "%s: no signal %s\n", file.c_str(), name.c_str());
      return 2;
    }
    options.outputs.push_back(static_cast<int>(it - names.begin()));
  }

  std::vector<double> initial, whole;
  core::SimulationStats stats;
  std::vector<std::pair<double, std::vector<double>>> samples;
  for (int r = 0; r < repeat; ++r) {
    double start = cpuSeconds();
    core::checkInitialState(*compiled, options);
    initial.push_back(cpuSeconds() - start);
    samples.clear();
    start = cpuSeconds();
    stats = core::simulate(*compiled, options, [&samples](double t, const std::vector<double>& values) {
      samples.emplace_back(t, values);
    });
    whole.push_back(cpuSeconds() - start);
  }
  std::printf("%s: %d unknowns; %ld steps, %ld residuals, %ld Jacobians; CPU s, median (fastest) of %d:\n",
              file.c_str(), compiled->dae().size(), stats.steps, stats.residualEvaluations, stats.jacobianEvaluations,
              repeat);
  std::printf("  initial state %.4f (%.4f)\n  whole run     %.4f (%.4f)\n  integrate     %.4f (run - initial state)\n",
              median(initial), *std::min_element(initial.begin(), initial.end()), median(whole),
              *std::min_element(whole.begin(), whole.end()), median(whole) - median(initial));
  if (parts) timeParts(*compiled, options);
  if (!outPath.empty()) {
    std::ofstream out(outPath);
    out << "time";
    for (const std::string& name : wanted) out << ',' << name;
    out << '\n' << std::setprecision(17);
    for (const auto& [t, values] : samples) {
      out << t;
      for (double v : values) out << ',' << v;
      out << '\n';
    }
  }
  return 0;
}
