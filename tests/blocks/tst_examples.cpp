// The example models (resources/examples) and the periodic sources, run
// through the real engine and compared with closed-form results, so the
// blocks are checked where it matters: in a compiled, simulated network.

// simulator.h names a parameter `signals`, which Qt's keywords would turn into a macro.
#define QT_NO_KEYWORDS

#include <QtTest>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cmath>
#include <map>
#include <numbers>
#include <sstream>

#include "elaborate/block_registry.h"
#include "library.h"
#include "model/model_file.h"
#include "model/model_validator.h"
#include "linearize/frequency_response.h"
#include "run/abcd_analysis.h"
#include "run/compiled_model.h"
#include "run/noise_run.h"
#include "run/simulator.h"
#include "support/simulation_trace.h"

using namespace kelvin;
using test::Trace;

namespace {

Trace runExample(const char* name) {
  return test::simulateModel(core::loadModel(QStringLiteral(KELVIN_EXAMPLES_DIR "/%1.kelvin").arg(name).toStdString()));
}

/// max |y(t_k) − exact(t_k)| over the samples.
template <class F>
double worstError(const Trace& trace, const std::string& signal, F exact) {
  double worst = 0.0;
  const std::vector<double>& y = trace[signal];
  for (std::size_t k = 0; k < y.size(); ++k) worst = std::max(worst, std::abs(y[k] - exact(trace.time[k])));
  return worst;
}

/// y(t) by linear interpolation between the samples around t (the last sample for t past the end).
double valueAt(const Trace& trace, const std::string& signal, double t) {
  const std::vector<double>& y = trace[signal];
  const auto after = std::lower_bound(trace.time.begin(), trace.time.end(), t);
  if (after == trace.time.end()) return y.back();
  const std::size_t k = static_cast<std::size_t>(after - trace.time.begin());
  if (k == 0 || *after == t) return y[k];
  const double w = (t - trace.time[k - 1]) / (trace.time[k] - trace.time[k - 1]);
  return (1.0 - w) * y[k - 1] + w * y[k];
}

QJsonArray galleryExamples() {
  QFile file(KELVIN_EXAMPLES_DIR "/gallery.json");
  if (!file.open(QIODevice::ReadOnly)) return {};
  return QJsonDocument::fromJson(file.readAll()).object().value("examples").toArray();
}

const double kVt = 1.380649e-23 * 300.15 / 1.602176634e-19;

/// The variance of a noise sensor's reading at the end of the model's noise envelope run.
double finalVariance(const core::Model& model, const std::string& sensor) {
  const auto compiled = core::compileModel(model, test::library(), model.name);
  const std::vector<std::string> names = core::noiseSensorNames(*compiled);
  const auto column = std::find(names.begin(), names.end(), sensor) - names.begin();
  double last = -1.0;
  core::simulateNoise(*compiled, core::SimulationOptions::fromSettings(model.settings), {},
                      [&](double, const std::vector<double>&, const std::vector<double>& variance) {
                        if (column < static_cast<long>(variance.size())) last = variance[column];
                      });
  return last;
}

/// |W_k/W_m| in dB at `hz` (1-based k, m) from the model's ABCD matrix at its initial state.
double bodeMagnitudeDb(const core::Model& model, int k, int m, double hz) {
  const auto compiled = core::compileModel(model, test::library(), model.name);
  const core::AbcdIdentificationResult abcd =
      core::identifyAbcd(*compiled, core::SimulationOptions::fromSettings(model.settings), 0.0);
  return 20.0 * std::log10(std::abs(core::FrequencyResponse(abcd.exact).ratio(k - 1, m - 1, 2.0 * std::numbers::pi * hz)));
}

}  // namespace

class TestExamples : public QObject {
  Q_OBJECT

 private Q_SLOTS:

  // v_C = 1 − exp(−t/RC), RC = 1 ms. IDA at rtol 1e-6 keeps the global error
  // of this one-state problem near 1e-6; 1e-4 leaves a wide margin.
  // Every shipped example compiles and runs to its stop time with its own settings.
  void everyExampleRunsToTheEnd_data() {
    QTest::addColumn<QString>("file");
    for (const QString& name : QDir(KELVIN_EXAMPLES_DIR).entryList({"*.kelvin"}, QDir::Files, QDir::Name))
      QTest::newRow(qPrintable(name)) << QString(KELVIN_EXAMPLES_DIR "/") + name;
  }
  void everyExampleRunsToTheEnd() {
    QFETCH(QString, file);
    const core::Model model = core::loadModel(file.toStdString());
    const Trace trace = test::simulateModel(model);
    const double stop = core::SimulationOptions::fromSettings(model.settings).stopTime;
    QVERIFY(!trace.time.empty());
    QCOMPARE(trace.time.back(), stop);
  }

  // Every example validates with neither errors nor warnings (free ends are information):
  // in particular, the stretch of every spring agrees with the positions of the masses it holds.
  void everyExampleValidatesWithoutWarnings_data() { everyExampleRunsToTheEnd_data(); }
  void everyExampleValidatesWithoutWarnings() {
    QFETCH(QString, file);
    const core::Model model = core::loadModel(file.toStdString());
    QStringList problems;
    for (const core::Diagnostic& d : core::validateModel(model, test::library(), file.toStdString()))
      if (d.severity != core::Severity::Info) problems << QString::fromStdString(d.toString());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));
  }

  // The gallery (gallery.json) lists every example file once, each with a title,
  // capabilities, a description in the model file and at least one expectation.
  void galleryListsEveryExample() {
    const QJsonArray examples = galleryExamples();
    QStringList listed;
    for (const QJsonValue& value : examples) {
      const QJsonObject example = value.toObject();
      const QString file = example.value("file").toString();
      listed << file;
      QVERIFY2(!example.value("title").toString().isEmpty(), qPrintable(file));
      QVERIFY2(!example.value("capabilities").toArray().isEmpty(), qPrintable(file));
      QVERIFY2(!example.value("expect").toArray().isEmpty(), qPrintable(file));
      const core::Model model = core::loadModel(QString(KELVIN_EXAMPLES_DIR "/" + file).toStdString());
      QVERIFY2(model.extra.contains("description") && model.extra.at("description").get<std::string>().size() > 80,
               qPrintable(file + ": no one-paragraph description"));
    }
    QStringList files = QDir(KELVIN_EXAMPLES_DIR).entryList({"*.kelvin"}, QDir::Files, QDir::Name);
    listed.sort();
    QCOMPARE(listed, files);
  }

  // Every gallery title and capability is offered to the translators (gui/gallery/example_strings.cpp).
  void galleryTextsAreTranslatable() {
    QFile file(KELVIN_SOURCE_DIR "/gui/gallery/example_strings.cpp");
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString source = QString::fromUtf8(file.readAll());
    for (const QJsonValue& value : galleryExamples()) {
      QStringList texts{value.toObject().value("title").toString()};
      for (const QJsonValue& c : value.toObject().value("capabilities").toArray()) texts << c.toString();
      for (const QString& text : texts)
        QVERIFY2(source.contains("\"" + text + "\""), qPrintable(text + " missing from example_strings.cpp"));
    }
  }

  // Each example, run headless with its own settings, produces what its gallery entry promises
  // (the "expect" entries of gallery.json; each states the physics behind its value and tolerance).
  void examplesKeepTheirPromises_data() {
    QTest::addColumn<QJsonObject>("example");
    for (const QJsonValue& value : galleryExamples())
      QTest::newRow(qPrintable(value.toObject().value("file").toString())) << value.toObject();
  }
  void examplesKeepTheirPromises() {
    QFETCH(QJsonObject, example);
    const core::Model model =
        core::loadModel(QString(KELVIN_EXAMPLES_DIR "/" + example.value("file").toString()).toStdString());
    const Trace trace = test::simulateModel(model);
    for (const QJsonValue& value : example.value("expect").toArray()) {
      const QJsonObject expect = value.toObject();
      const std::string signal = expect.value("signal").toString().toStdString();
      const QString kind = expect.value("kind").toString();
      double got = 0.0;
      if (kind == "variance") {
        got = finalVariance(model, signal);
      } else if (kind == "bode_db") {
        got = bodeMagnitudeDb(model, expect.value("w1").toInt(), expect.value("w2").toInt(),
                              expect.value("hz").toDouble());
      } else if (const std::vector<double>& y = trace[signal]; kind == "max") {
        got = *std::max_element(y.begin(), y.end());
      } else if (kind == "min") {
        got = *std::min_element(y.begin(), y.end());
      } else {
        QCOMPARE(kind, QString("at"));
        const QJsonValue t = expect.value("t");
        got = t.isString() ? y.back() : valueAt(trace, signal, t.toDouble());
      }
      const double wanted = expect.value("value").toDouble(), tol = expect.value("tol").toDouble();
      QVERIFY2(std::abs(got - wanted) <= tol, qPrintable(QString("%1 %2: %3, expected %4 ± %5 (%6)")
                                                            .arg(kind, QString::fromStdString(signal))
                                                            .arg(got, 0, 'g', 10)
                                                            .arg(wanted, 0, 'g', 10)
                                                            .arg(tol)
                                                            .arg(expect.value("why").toString())));
    }
  }

  void rcLowpassChargesExponentially() {
    const Trace trace = runExample("rc_lowpass");
    QCOMPARE(trace.time.back(), 5e-3);
    QVERIFY(worstError(trace, "VC.y", [](double t) { return 1.0 - std::exp(-t / 1e-3); }) < 1e-4);
  }

  // Series RLC from rest: v_C = 1 − e^{−αt}(cos ω_d t + (α/ω_d) sin ω_d t),
  // α = R/2L, ω_d = √(1/LC − α²). Ten periods of ringing accumulate a phase
  // error of the order of rtol per step; 1e-3 of the 1 V step bounds it.
  void rlcRingsAtItsDampedFrequency() {
    const Trace trace = runExample("rlc_resonator");
    const double alpha = 10.0 / (2 * 1e-3);
    const double wd = std::sqrt(1.0 / (1e-3 * 1e-6) - alpha * alpha);
    QVERIFY(worstError(trace, "VC.y", [&](double t) {
              return 1.0 - std::exp(-alpha * t) * (std::cos(wd * t) + alpha / wd * std::sin(wd * t));
            }) < 1e-3);
  }

  // No closed form; the bounds are the physics: the capacitor charges to the
  // 10 V peak less one diode drop (0.6–0.9 V at the charging currents of
  // 10–1000 mA), and sags by about I·T/C = 9.3 mA · 16 ms / 100 µF ≈ 1.5 V
  // between peaks (T: the part of the 20 ms period with the diode off).
  void halfWaveRectifierHoldsThePeak() {
    const Trace trace = runExample("half_wave_rectifier");
    double high = -1e9, low = 1e9;
    for (std::size_t k = 0; k < trace.time.size(); ++k)
      if (trace.time[k] > 0.06) {  // after two periods: periodic steady state
        high = std::max(high, trace["VL.y"][k]);
        low = std::min(low, trace["VL.y"][k]);
      }
    QVERIFY2(high > 9.1 && high < 9.4, qPrintable(QString::number(high)));
    QVERIFY2(high - low > 1.3 && high - low < 1.7, qPrintable(QString::number(high - low)));
    for (double v : trace["VL.y"]) QVERIFY(v > -1e-6);  // the diode never conducts backwards
  }

  // At the sine's peak the output is the root of (5 − v)/1k = Is·(e^{v/Vt} − 1)
  // (the reverse diode and GMIN carry < 1e-11 A). The sampled maximum, 1 µs
  // apart on a flat top, is within 1e-3 V of it.
  void diodeClipperClipsAtOneDiodeDrop() {
    const Trace trace = runExample("diode_clipper");
    double lo = 0.0, hi = 5.0;
    for (int k = 0; k < 200; ++k) {
      const double v = 0.5 * (lo + hi);
      ((5.0 - v) / 1e3 > 1e-14 * (std::exp(v / kVt) - 1.0) ? lo : hi) = v;
    }
    const std::vector<double>& out = trace["VOUT.y"];
    const double high = *std::max_element(out.begin(), out.end());
    const double low = *std::min_element(out.begin(), out.end());
    QVERIFY2(std::abs(high - lo) < 1e-3, qPrintable(QString("%1 vs %2").arg(high).arg(lo)));
    QVERIFY2(std::abs(low + lo) < 1e-3, qPrintable(QString("%1 vs %2").arg(low).arg(-lo)));
  }

  // Closed loop (20s + 100)/(s² + 30s + 100) after the step at 0.1 s:
  // y = 1 − c_a e^{−a τ} − c_b e^{−b τ}, a, b = 15 ∓ √125, τ = t − 0.1.
  // Global error at rtol 1e-6 is near 1e-6; 1e-4 leaves margin.
  void piLoopTracksTheSetpoint() {
    const Trace trace = runExample("pi_loop");
    const double a = 15.0 - std::sqrt(125.0), b = 15.0 + std::sqrt(125.0);
    const double ca = (100.0 - 20.0 * a) / (a * (b - a)), cb = (20.0 * b - 100.0) / (b * (b - a));
    QVERIFY(worstError(trace, "Plant.y", [&](double t) {
              const double tau = t - 0.1;
              return tau < 0.0 ? 0.0 : 1.0 - ca * std::exp(-a * tau) - cb * std::exp(-b * tau);
            }) < 1e-4);
  }

  // A PulseVoltage over many periods, sampled on a grid that is not a
  // multiple of its period: every sample matches the SPICE waveform (the
  // pulse is continuous, so no sample sits on a jump); the period counter
  // keeps the corners from drifting. The same waveform on time scales from
  // milliseconds to picoseconds, with and without a delay: a nanosecond rise
  // once came out as a jump (its comparison's threshold was within a fixed
  // 1e-9 deadband of zero when the period counter ticked).
  void pulseVoltageMatchesSpiceOverManyPeriods_data() {
    QTest::addColumn<double>("unit");
    QTest::addColumn<double>("delay");
    QTest::newRow("ms") << 1e-3 << 0.7;
    QTest::newRow("ns") << 1e-9 << 0.7;
    QTest::newRow("ns, no delay") << 1e-9 << 0.0;
    QTest::newRow("ps, no delay") << 1e-12 << 0.0;
  }
  void pulseVoltageMatchesSpiceOverManyPeriods() {
    QFETCH(double, unit);
    QFETCH(double, delay);
    const auto time = [&](double units) {
      std::ostringstream os;
      os.precision(17);
      os << units * unit;
      return os.str();
    };
    const core::Model model = core::parseModel(R"({
      "format": "kelvin-model", "version": 1, "name": "pulse",
      "settings": {"stop_time": ")" + time(23.3) + R"(", "step": ")" + time(0.037) + R"("},
      "blocks": [
        {"id": "V", "type": "electrical.PulseVoltage",
         "params": {"v1": "-1", "v2": "2", "delay": ")" + time(delay) + R"(", "rise": ")" + time(0.1) +
                                                   R"(", "width": ")" + time(0.3) + R"(", "fall": ")" + time(0.2) +
                                                   R"(", "period": ")" + time(1.1) + R"("}},
        {"id": "R", "type": "electrical.Resistor"},
        {"id": "G", "type": "electrical.Ground"}],
      "connections": [{"from": "V.p", "to": "R.p"}, {"from": "R.n", "to": "G.p"}, {"from": "V.n", "to": "G.p"}]
    })",
                                               "pulse");
    const Trace trace = test::simulateModel(model);
    const auto spice = [&](double t) {
      if (t < delay * unit) return -1.0;
      const double tau = std::fmod(t / unit - delay, 1.1);
      if (tau < 0.1) return -1.0 + 3.0 * tau / 0.1;
      if (tau < 0.4) return 2.0;
      if (tau < 0.6) return 2.0 - 3.0 * (tau - 0.4) / 0.2;
      return -1.0;
    };
    QVERIFY(trace.time.size() > 600);
    // The waveform is piecewise linear in t, so the only error is rounding of t / unit.
    QVERIFY(worstError(trace, "V.p", spice) < 1e-6);
  }

};

QTEST_APPLESS_MAIN(TestExamples)
#include "tst_examples.moc"
