// Switches that are functions of time alone (TimedSwitches): a pulse source's corners are
// located ahead of the step, by bisection to the double, and reached as stop times. Checked
// against the corner times of the pulse's definition over several periods.

#include <QtTest>
#include <cmath>
#include <limits>

#include "support/simulation_trace.h"

using namespace kelvin;
using test::simulateText;
using test::Trace;

namespace {

/// PULSE(0 1 delay 0.1 us, rise 1 ns, fall 2 ns, width 0.3 us, period 1 us) into an RC of 10 ns.
std::string pulsedRc() {
  return R"({"format":"kelvin-model","version":1,"name":"pulsed",
    "settings":{"stop_time":"3.05u","solver":"ida","rtol":1e-6,"atol":1e-9,"step":"10n"},
    "blocks":[{"id":"V1","type":"electrical.PulseVoltage",
               "params":{"v1":"0","v2":"1","delay":"0.1u","rise":"1n","fall":"2n","width":"0.3u","period":"1u"}},
      {"id":"R","type":"electrical.Resistor","params":{"R":"10k"}},
      {"id":"C","type":"electrical.Capacitor","params":{"C":"1p","v0":"0"}},
      {"id":"G","type":"electrical.Ground"}],
    "connections":[{"from":"V1.p","to":"R.p"},{"from":"R.n","to":"C.p"},{"from":"C.n","to":"G.p"},
      {"from":"V1.n","to":"G.p"}]})";
}

}  // namespace

class TestTimedSwitches : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void pulseCornersAreEventsAtTheirExactTimes() {
    const Trace trace = simulateText(pulsedRc());
    // The three corners of each period that are switches (the fourth, the period's start, is
    // the clock tick): end of the rise, start and end of the fall.
    std::vector<double> exact;
    for (int k = 0; k < 3; ++k)
      for (double offset : {1e-9, 301e-9, 303e-9}) exact.push_back(0.1e-6 + k * 1e-6 + offset);
    std::vector<double> found;
    for (const core::EventRecord& e : trace.events)
      if (e.block == "V1" && e.what != "clock tick") found.push_back(e.time);
    QCOMPARE(found.size(), exact.size());
    for (std::size_t k = 0; k < exact.size(); ++k) {
      // The corner is where τ = t − delay − (cycle − 1)·period reaches it; τ is computed with
      // a few roundings of t's size, so the first double past the corner is within a few ulps.
      const double ulp = std::numeric_limits<double>::epsilon() * exact[k];
      QVERIFY2(std::abs(found[k] - exact[k]) <= 8 * ulp,
               qPrintable(QString("corner %1: event at %2 s, exact %3 s").arg(k).arg(found[k], 0, 'g', 17)
                              .arg(exact[k], 0, 'g', 17)));
    }
    // Between the corners the source is what the pulse says: 1 V on the top, 0 V at the bottom,
    // so the capacitor charges towards 1 V there (RC = 10 ns: at rest long before the fall).
    QVERIFY(std::abs(trace.at("C.v", 0.39e-6, 1e-9) - 1.0) < 1e-6);
    QVERIFY(std::abs(trace.at("C.v", 0.99e-6, 1e-9)) < 1e-6);
  }
};

QTEST_APPLESS_MAIN(TestTimedSwitches)
#include "tst_timed_switches.moc"
