// The noise analyses' cost (bench/README.md, "Noise"): an RC ladder of N sections
// (N resistors: N thermal noise sources, N capacitor states) with a noise sensor
// at its far end. Times, best of `repeat` runs each:
//   1. core::simulate, the plain transient;
//   2. core::simulateNoise, the same transient with the covariance envelope,
//      over the same stop time and output grid, and their ratio;
//   3. core::noiseSpectrum at 1,000 log-spaced frequencies.
// The envelope is timed for several output steps (the covariance is stepped once
// per output sample) and for a driven ladder (a 1 V step: the operating point
// moves) and a quiet one (0 V: it stays at rest).
//
// Usage: noise_bench [sections] [repeat]   (defaults 100 and 3)

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "bench_clock.h"
#include "elaborate/block_registry.h"
#include "library.h"
#include "model/model.h"
#include "run/noise_run.h"
#include "run/simulator.h"

using namespace kelvin;
using bench::cpuSeconds;

namespace {

/// Section k: Rk (1 kΩ) from node k−1 to node k, Ck (1 nF) from node k to ground; V1 drives node 0.
core::Model rcLadder(int sections, const std::string& volts) {
  core::Model model;
  model.name = "noise_ladder";
  auto block = [&](std::string id, std::string type, std::map<std::string, std::string> params = {}) {
    core::Block b;
    b.id = std::move(id);
    b.type = std::move(type);
    b.params = std::move(params);
    model.blocks.push_back(b);
  };
  auto wire = [&](std::string from, std::string to) { model.connections.push_back({from, to, {}, {}}); };
  block("V1", "electrical.VoltageSource", {{"V", volts}});
  block("G", "electrical.Ground");
  wire("V1.n", "G.p");
  wire("V1.p", "R1.p");
  for (int k = 1; k <= sections; ++k) {
    const std::string n = std::to_string(k);
    block("R" + n, "electrical.Resistor", {{"R", "1k"}});
    block("C" + n, "electrical.Capacitor", {{"C", "1n"}, {"v0", "0"}});
    wire("R" + n + ".n", "C" + n + ".p");
    wire("C" + n + ".n", "G.p");
    if (k < sections) wire("R" + n + ".n", "R" + std::to_string(k + 1) + ".p");
  }
  block("NS", "electrical.NoiseSensor");
  wire("NS.p", "R" + std::to_string(sections) + ".n");
  wire("NS.n", "G.p");
  return model;
}

/// Best wall and CPU time of `repeat` calls, in seconds (the machine may be shared: CPU time
/// is the steadier figure).
struct Timing {
  double wall = 1e300, cpu = 1e300;
};

Timing best(int repeat, const std::function<void()>& run) {
  Timing fastest;
  for (int r = 0; r < repeat; ++r) {
    const auto start = std::chrono::steady_clock::now();
    const double cpuStart = cpuSeconds();
    run();
    fastest.cpu = std::min(fastest.cpu, cpuSeconds() - cpuStart);
    fastest.wall = std::min(fastest.wall, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return fastest;
}

}  // namespace

int main(int argc, char** argv) {
  const int sections = argc > 1 ? std::atoi(argv[1]) : 100;
  const int repeat = argc > 2 ? std::atoi(argv[2]) : 3;
  core::BlockRegistry registry;
  blocks::registerAll(registry);
  std::printf("RC ladder, %d sections (1 kΩ, 1 nF; %d thermal sources), noise sensor at node %d; best of %d\n",
              sections, sections, sections, repeat);

  const double stop = 1e-3;  // the ladder's slowest time constant is ~(2N/π)²·RC ≈ 4 ms for N = 100
  std::printf("\n| drive | output step | samples | simulate cpu (wall) s | simulateNoise cpu (wall) s | ratio (cpu) | final σ (V) |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|\n");
  for (const std::string volts : {"1", "0"}) {
    const auto compiled = core::compileModel(rcLadder(sections, volts), registry, "noise_ladder");
    for (double step : {1e-4, 1e-5, 1e-6}) {
      core::SimulationOptions options;
      options.stopTime = stop;
      options.step = step;
      long samples = 0;
      const Timing plain = best(repeat, [&] {
        samples = 0;
        core::simulate(*compiled, options, [&](double, const std::vector<double>&) { ++samples; });
      });
      double sigma = 0.0;
      const Timing envelope = best(repeat, [&] {
        core::simulateNoise(*compiled, options, core::NoiseRunOptions{},
                            [&](double, const std::vector<double>&, const std::vector<double>& variance) {
                              sigma = std::sqrt(variance[0]);
                            });
      });
      std::printf("| %s V step | %g s | %ld | %.4f (%.4f) | %.4f (%.4f) | %.1f | %.4g |\n", volts.c_str(), step, samples,
                  plain.cpu, plain.wall, envelope.cpu, envelope.wall, envelope.cpu / plain.cpu, sigma);
      std::fflush(stdout);
    }
  }

  const auto compiled = core::compileModel(rcLadder(sections, "1"), registry, "noise_ladder");
  constexpr int kPoints = 1000;
  std::vector<double> frequencies(kPoints);
  for (int i = 0; i < kPoints; ++i) frequencies[i] = std::pow(10.0, -1.0 + 9.0 * i / (kPoints - 1));  // 0.1 Hz – 100 MHz
  core::NoiseSpectrum spectrum;
  const Timing psd = best(repeat, [&] {
    spectrum = core::noiseSpectrum(*compiled, core::SimulationOptions{}, core::NoiseRunOptions{}, 0.0, frequencies);
  });
  std::printf("\nnoiseSpectrum, %d frequencies (0.1 Hz – 100 MHz, log-spaced), %zu sources: cpu %.4f s (wall %.4f s, "
              "%.0f µs cpu per frequency); integrated variance %.4g V² (kT/C = %.4g V²)\n",
              kPoints, spectrum.budget[0].size(), psd.cpu, psd.wall, psd.cpu / kPoints * 1e6, spectrum.totalVariance[0],
              1.380649e-23 * 300.15 / 1e-9);
  return 0;
}
