// electrical.BJT and electrical.MOSFET against ngspice-39 and closed forms (the MOSFET stage's
// netlist is compared in tests/core/import/tst_spice_importer_circuits.cpp). The references are the common-emitter
// stage of tests/data/bjt_ce_stage.cir (its Kelvin twin: bjt_ce_stage.kelvin, written by hand
// with the same card), made by tests/data/make_references.py: the operating point, the output
// noise density and the transient from the operating point. Closed forms: the collector shot
// noise 2q·Ic, a PNP that mirrors an NPN exactly, the MOSFET's channel noise 8kT·gm/3 and its
// square law.

// simulator.h names a parameter `signals`, which Qt's keywords would turn into a macro.
#define QT_NO_KEYWORDS

#include <QtTest>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include "model/model_file.h"
#include "run/noise_run.h"
#include "run/simulator.h"
#include "support/simulation_trace.h"

using namespace kelvin;

namespace {

constexpr double kQ = 1.602176634e-19;
constexpr double kK = 1.380649e-23;

std::vector<std::vector<std::string>> readCsv(const std::string& name) {
  std::ifstream in(std::string(KELVIN_TEST_DATA_DIR) + "/" + name);
  std::vector<std::vector<std::string>> rows;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::vector<std::string> fields;
    std::stringstream s(line);
    for (std::string field; std::getline(s, field, ',');) fields.push_back(field);
    rows.push_back(fields);
  }
  return rows;
}

core::Model stage() { return core::loadModel(std::string(KELVIN_TEST_DATA_DIR) + "/bjt_ce_stage.kelvin"); }

std::map<std::string, double> operatingPoint(const core::Model& m) {
  const auto compiled = core::compileModel(m, test::library(), m.name);
  const std::vector<double> values = core::signalValues(
      *compiled, core::dcOperatingPoint(*compiled, core::SimulationOptions::fromSettings(m.settings)));
  std::map<std::string, double> byName;
  for (std::size_t k = 0; k < values.size(); ++k) byName[core::signalNames(*compiled)[k]] = values[k];
  return byName;
}

}  // namespace

class TstElectricalTransistors : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // ngspice-39 uses the CODATA 2014 constants (k = 1.38064852e-23, q = 1.6021766208e-19; a diode
  // at 1 mA shows it), Kelvin the exact SI ones: kT/q differs by 3.4e-7 relative, which moves
  // v(e) by ≈ 2e-7 V. The issue's 1e-6 relative holds with that margin.
  void operatingPointMatchesNgspice() {
    const auto op = operatingPoint(stage());
    const std::map<std::string, std::string> kelvinName{{"v_b", "Q1.b"}, {"v_c", "Q1.c"}, {"v_e", "Q1.e"}};
    for (const auto& row : readCsv("bjt_ce_stage_op.csv")) {
      if (!kelvinName.contains(row[0])) continue;
      const double reference = std::stod(row[1]), value = op.at(kelvinName.at(row[0]));
      QVERIFY2(
          std::abs(value - reference) <= 1e-6 * std::abs(reference),
          qPrintable(
              QString("%1: %2 vs ngspice %3").arg(row[0].c_str()).arg(value, 0, 'g', 12).arg(reference, 0, 'g', 12)));
    }
  }

  // The output noise PSD at v(c) (RB1, RB2, RCL, REE thermal; Q1's shot and RB, RC, RE thermal
  // noise, through its junction and diffusion capacitances) at ngspice's 36 frequencies,
  // 10 Hz .. 100 MHz. The issue asks 1e-3; measured 6e-7 (the constants again).
  void noiseDensityMatchesNgspice() {
    const core::Model m = stage();
    const auto compiled = core::compileModel(m, test::library(), m.name);
    std::vector<double> frequencies, reference;
    for (const auto& row : readCsv("bjt_ce_stage_noise.csv")) {
      frequencies.push_back(std::stod(row[0]));
      reference.push_back(std::stod(row[1]));
    }
    const core::NoiseSpectrum spectrum =
        core::noiseSpectrum(*compiled, core::SimulationOptions::fromSettings(m.settings), {}, 0.0, frequencies);
    QCOMPARE(spectrum.outputs.front(), std::string("NS.y"));
    for (std::size_t k = 0; k < frequencies.size(); ++k)
      QVERIFY2(
          std::abs(spectrum.psd[0][k] / reference[k] - 1.0) <= 1e-3,
          qPrintable(
              QString("f = %1 Hz: %2 vs ngspice %3").arg(frequencies[k]).arg(spectrum.psd[0][k]).arg(reference[k])));
  }

  // 10 mV at 1 kHz into the stage, from the operating point, 3 ms: v(c) every 50 µs within 1e-3
  // of the swing (≈ 0.091 V), the issue's figure; measured 1.2e-5 of the swing at rtol 1e-8.
  void transientFromTheOperatingPointMatchesNgspice() {
    const test::Trace trace = test::simulateModel(stage());
    double lo = 1e300, hi = -1e300;
    const auto rows = readCsv("bjt_ce_stage_tran.csv");
    for (const auto& row : rows) {
      lo = std::min(lo, std::stod(row[1]));
      hi = std::max(hi, std::stod(row[1]));
    }
    for (const auto& row : rows) {
      const double t = std::stod(row[0]), reference = std::stod(row[1]);
      const double value = trace.at("Q1.c", t, 1e-9);
      QVERIFY2(
          std::abs(value - reference) <= 1e-3 * (hi - lo),
          qPrintable(QString("t = %1: %2 vs ngspice %3").arg(t).arg(value, 0, 'g', 10).arg(reference, 0, 'g', 10)));
    }
  }

  // Base held by an ideal 0.65 V source, emitter grounded, collector to 10 V through R = 10 kΩ,
  // no Early effect and no series resistances: the collector node sees the collector shot noise
  // and R's thermal noise only (the base shot noise flows into the ideal source), so
  // S_v = R²·(2q·Ic + 4kT/R) (R in parallel with GMIN), with Ic = IS·(e^{vbe/Vt} − e^{vbc/Vt}) − IS/BR·(e^{vbc/Vt} − 1)
  // − GMIN·vbc from the node voltages of the operating point. At 1 Hz (no charge, so flat): 1e-9 relative.
  void collectorShotNoiseIs2qIc() {
    const core::Model m = core::parseModel(R"({"format": "kelvin-model", "version": 1, "name": "shot",
      "settings": {"stop_time": "1m", "initial": "operating_point"},
      "blocks": [
        {"id": "VB", "type": "electrical.VoltageSource", "params": {"V": "0.65"}},
        {"id": "VCC", "type": "electrical.VoltageSource", "params": {"V": "10"}},
        {"id": "R", "type": "electrical.Resistor", "params": {"R": "10k"}},
        {"id": "Q1", "type": "electrical.BJT", "params": {"IS": "1e-14", "BF": "100", "BR": "1"}},
        {"id": "NS", "type": "electrical.NoiseSensor"},
        {"id": "G", "type": "electrical.Ground"}],
      "connections": [
        {"from": "VB.p", "to": "Q1.b"}, {"from": "VB.n", "to": "G.p"}, {"from": "Q1.e", "to": "G.p"},
        {"from": "VCC.p", "to": "R.p"}, {"from": "R.n", "to": "Q1.c"}, {"from": "VCC.n", "to": "G.p"},
        {"from": "NS.p", "to": "Q1.c"}, {"from": "NS.n", "to": "G.p"}]})",
                                           "shot.kelvin");
    const auto op = operatingPoint(m);
    const double vt = kK * 300.15 / kQ, vbe = op.at("Q1.b"), vbc = op.at("Q1.b") - op.at("Q1.c");
    const double ic = 1e-14 * (std::exp(vbe / vt) - std::exp(vbc / vt)) - 1e-14 * std::expm1(vbc / vt) - 1e-12 * vbc;
    QVERIFY(ic > 1e-4);  // forward active: the test means something
    const auto compiled = core::compileModel(m, test::library(), m.name);
    const core::NoiseSpectrum spectrum = core::noiseSpectrum(
        *compiled, core::SimulationOptions::fromSettings(m.settings), {}, 0.0, std::vector<double>{1.0, 2.0});
    // The noise currents flow into R in parallel with the noiseless GMIN (1e-12 S) from collector to base.
    const double r = 1e4, load = 1.0 / (1.0 / r + 1e-12);
    const double expected = load * load * (2.0 * kQ * ic + 4.0 * kK * 300.15 / r);
    QVERIFY2(std::abs(spectrum.psd[0][0] / expected - 1.0) < 1e-9,
             qPrintable(QString("%1 vs %2").arg(spectrum.psd[0][0]).arg(expected)));
  }

  // A PNP with every source reversed is the NPN's mirror image: every node voltage negated,
  // to rounding (1e-12 V).
  void pnpMirrorsNpn() {
    const core::Model npn = stage();
    core::Model pnp = stage();
    for (core::Block& block : pnp.blocks) {
      if (block.id == "Q1") block.params["polarity"] = "PNP";
      if (block.id == "VCC") block.params["V"] = "-12";
    }
    const auto a = operatingPoint(npn), b = operatingPoint(pnp);
    for (const char* node : {"Q1.b", "Q1.c", "Q1.e"}) QVERIFY(std::abs(a.at(node) + b.at(node)) < 1e-12);
  }

  // NMOS in saturation: gate at 2 V, drain at 5 V, source and bulk grounded, no RD, RS, LAMBDA or
  // GAMMA: Id = β/2·(vgs − VTO)², β = KP·W/L = 600 µA/V², gm = β·(vgs − VTO). The drain current
  // flows through an ideal 10 V source and R = 1 kΩ (drain at 10 − R·Id ≥ vgs − VTO: saturated);
  // the drain node sees the channel noise and R's thermal noise: S_v = Rₚ²·(8kT·gm/3 + 4kT/R),
  // Rₚ = R in parallel with GMIN (drain–bulk junction). At 1 Hz (no charge): 1e-9 relative.
  void mosfetChannelNoiseIs8kTgmOver3() {
    const core::Model m = core::parseModel(R"({"format": "kelvin-model", "version": 1, "name": "mos",
      "settings": {"stop_time": "1m", "initial": "operating_point"},
      "blocks": [
        {"id": "VG", "type": "electrical.VoltageSource", "params": {"V": "2"}},
        {"id": "VDD", "type": "electrical.VoltageSource", "params": {"V": "10"}},
        {"id": "R", "type": "electrical.Resistor", "params": {"R": "1k"}},
        {"id": "M1", "type": "electrical.MOSFET", "params": {"VTO": "0.8", "KP": "60u", "W": "20u", "L": "2u"}},
        {"id": "NS", "type": "electrical.NoiseSensor"},
        {"id": "G", "type": "electrical.Ground"}],
      "connections": [
        {"from": "VG.p", "to": "M1.g"}, {"from": "VG.n", "to": "G.p"}, {"from": "M1.s", "to": "G.p"},
        {"from": "M1.b", "to": "G.p"}, {"from": "VDD.p", "to": "R.p"}, {"from": "R.n", "to": "M1.d"},
        {"from": "VDD.n", "to": "G.p"}, {"from": "NS.p", "to": "M1.d"}, {"from": "NS.n", "to": "G.p"}]})",
                                           "mos.kelvin");
    const double beta = 60e-6 * 20e-6 / 2e-6, vgst = 2.0 - 0.8, id = 0.5 * beta * vgst * vgst, gm = beta * vgst;
    const auto op = operatingPoint(m);
    // The drain: 10 V − R·(Id + the drain junction's leakage IS + GMIN·vd, below 1e-11 A).
    QVERIFY(std::abs(op.at("M1.d") - (10.0 - 1e3 * id)) < 1e-7);
    const auto compiled = core::compileModel(m, test::library(), m.name);
    const core::NoiseSpectrum spectrum = core::noiseSpectrum(
        *compiled, core::SimulationOptions::fromSettings(m.settings), {}, 0.0, std::vector<double>{1.0, 2.0});
    const double r = 1e3, load = 1.0 / (1.0 / r + 1e-12);
    const double expected = load * load * (8.0 / 3.0 * kK * 300.15 * gm + 4.0 * kK * 300.15 / r);
    QVERIFY2(std::abs(spectrum.psd[0][0] / expected - 1.0) < 1e-9,
             qPrintable(QString("%1 vs %2").arg(spectrum.psd[0][0]).arg(expected)));
  }

  // The same NMOS with KF = 1e-28, AF = 1.3 and TOX = 50 nm: its flicker noise is
  // KF·Id^AF/(f·W·L·Cox²), Cox = 3.9·ε0/TOX (ngspice-39's level 1), beside the white sources of
  // the test above; Id = (10 V − vd)/R from the operating point. At 1 Hz and 10 Hz: 1e-9 relative.
  void mosfetFlickerNoiseIsKfIdAfOverF() {
    core::Model m = core::parseModel(R"({"format": "kelvin-model", "version": 1, "name": "mos",
      "settings": {"stop_time": "1m", "initial": "operating_point"},
      "blocks": [
        {"id": "VG", "type": "electrical.VoltageSource", "params": {"V": "2"}},
        {"id": "VDD", "type": "electrical.VoltageSource", "params": {"V": "10"}},
        {"id": "R", "type": "electrical.Resistor", "params": {"R": "1k"}},
        {"id": "M1", "type": "electrical.MOSFET",
         "params": {"VTO": "0.8", "KP": "60u", "W": "20u", "L": "2u", "KF": "1e-28", "AF": "1.3", "TOX": "50n"}},
        {"id": "NS", "type": "electrical.NoiseSensor"},
        {"id": "G", "type": "electrical.Ground"}],
      "connections": [
        {"from": "VG.p", "to": "M1.g"}, {"from": "VG.n", "to": "G.p"}, {"from": "M1.s", "to": "G.p"},
        {"from": "M1.b", "to": "G.p"}, {"from": "VDD.p", "to": "R.p"}, {"from": "R.n", "to": "M1.d"},
        {"from": "VDD.n", "to": "G.p"}, {"from": "NS.p", "to": "M1.d"}, {"from": "NS.n", "to": "G.p"}]})",
                                     "mos.kelvin");
    const double beta = 60e-6 * 20e-6 / 2e-6, gm = beta * (2.0 - 0.8), r = 1e3, load = 1.0 / (1.0 / r + 1e-12);
    const double id = (10.0 - operatingPoint(m).at("M1.d")) / r;
    const double cox = 3.9 * 8.854214871e-12 / 50e-9;
    const auto compiled = core::compileModel(m, test::library(), m.name);
    const std::vector<double> frequencies{1.0, 10.0};
    const core::NoiseSpectrum spectrum =
        core::noiseSpectrum(*compiled, core::SimulationOptions::fromSettings(m.settings), {}, 0.0, frequencies);
    for (std::size_t k = 0; k < frequencies.size(); ++k) {
      const double flicker = 1e-28 * std::pow(id, 1.3) / (frequencies[k] * 20e-6 * 2e-6 * cox * cox);
      const double expected = load * load * (8.0 / 3.0 * kK * 300.15 * gm + 4.0 * kK * 300.15 / r + flicker);
      QVERIFY(flicker > 10.0 * 8.0 / 3.0 * kK * 300.15 * gm);  // flicker dominates: the test means something
      QVERIFY2(std::abs(spectrum.psd[0][k] / expected - 1.0) < 1e-9,
               qPrintable(QString("%1 vs %2").arg(spectrum.psd[0][k]).arg(expected)));
    }
  }

  // The BJT stage at 80 °C for its card measured at 27 °C (bjt_ce_stage_hot.cir): IS with EG and
  // XTI, the junction potentials and capacitances through the band gap (ngspice's bjttemp.c). The
  // operating point to 1e-6 and the output noise density, which the junction capacitances shape
  // above 1 MHz, to 1e-3: the issue's figures. Measured 2.1e-7 (kT/q again) and 7.1e-7.
  void bjtTemperatureMatchesNgspice() {
    core::Model m = stage();
    m.settings.temperature = 353.15;
    const auto op = operatingPoint(m);
    const std::map<std::string, std::string> kelvinName{{"v_b", "Q1.b"}, {"v_c", "Q1.c"}, {"v_e", "Q1.e"}};
    for (const auto& row : readCsv("bjt_ce_stage_hot_op.csv"))
      if (kelvinName.contains(row[0]))
        QVERIFY2(std::abs(op.at(kelvinName.at(row[0])) - std::stod(row[1])) <= 1e-6 * std::abs(std::stod(row[1])),
                 row[0].c_str());
    const auto compiled = core::compileModel(m, test::library(), m.name);
    std::vector<double> frequencies, reference;
    for (const auto& row : readCsv("bjt_ce_stage_hot_noise.csv")) {
      frequencies.push_back(std::stod(row[0]));
      reference.push_back(std::stod(row[1]));
    }
    const core::NoiseSpectrum spectrum =
        core::noiseSpectrum(*compiled, core::SimulationOptions::fromSettings(m.settings), {}, 0.0, frequencies);
    double worst = 0.0;
    for (std::size_t k = 0; k < frequencies.size(); ++k)
      worst = std::max(worst, std::abs(spectrum.psd[0][k] / reference[k] - 1.0));
    QVERIFY2(worst <= 1e-3, qPrintable(QString::number(worst)));
  }

  // The BJT stage with KF = 1e-14, AF = 1.2 (flicker noise of the base current, ngspice's
  // KF·|Ib|^AF/f): the output density from 1 Hz, where flicker dominates by 3 decades, to
  // 100 MHz at ngspice's 41 frequencies (bjt_ce_stage_flicker.cir), within 1e-3; measured 6.1e-7.
  void bjtFlickerNoiseMatchesNgspice() {
    core::Model m = stage();
    m.findBlock("Q1")->params["KF"] = "1e-14";
    m.findBlock("Q1")->params["AF"] = "1.2";
    const auto compiled = core::compileModel(m, test::library(), m.name);
    std::vector<double> frequencies, reference;
    for (const auto& row : readCsv("bjt_ce_stage_flicker_noise.csv")) {
      frequencies.push_back(std::stod(row[0]));
      reference.push_back(std::stod(row[1]));
    }
    const core::NoiseSpectrum spectrum =
        core::noiseSpectrum(*compiled, core::SimulationOptions::fromSettings(m.settings), {}, 0.0, frequencies);
    double worst = 0.0;
    for (std::size_t k = 0; k < frequencies.size(); ++k)
      worst = std::max(worst, std::abs(spectrum.psd[0][k] / reference[k] - 1.0));
    QVERIFY2(worst <= 1e-3, qPrintable(QString::number(worst)));
  }
};

QTEST_GUILESS_MAIN(TstElectricalTransistors)
#include "tst_electrical_transistors.moc"
