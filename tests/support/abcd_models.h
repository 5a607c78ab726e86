#pragma once
// Test support: small models with analysis markers for the ABCD identification
// and frequency-response suites, and compiling them. Header-only.

#include <memory>
#include <string>

#include "model/model_file.h"
#include "run/compiled_model.h"
#include "support/simulation_trace.h"

namespace kelvin::test {

/// Compiles a `.kelvin` JSON text.
inline std::shared_ptr<const core::CompiledModel> compileText(const std::string& json) {
  return core::compileModel(core::parseModel(json, "abcd.kelvin"), library(), "abcd.kelvin");
}

/// A model text from its blocks and connections (JSON arrays without the brackets).
inline std::string modelText(const std::string& blocks, const std::string& connections,
                             const std::string& settings = R"({"stop_time":"10m"})",
                             const std::string& variables = "") {
  return R"({"format":"kelvin-model","version":1,"name":"abcd","settings":)" + settings +
         (variables.empty() ? "" : R"(,"variables":[)" + variables + "]") + R"(,"blocks":[)" + blocks +
         R"(],"connections":[)" + connections + "]}";
}

/// y[n+1] = 0.5·y[n] + u[n] with T = 1 ms: Inp → Sum → UnitDelay Z, fed back through a gain 0.5; Out1 = Z.y.
inline std::string discreteLoop() {
  return modelText(
      R"({"id":"S","type":"signal.Constant","params":{"value":"0"}},{"id":"Inp","type":"analysis.Inp"},
         {"id":"E","type":"signal.Sum","params":{"signs":"++"}},{"id":"Z","type":"signal.UnitDelay","params":{"sample_time":"1m"}},
         {"id":"K","type":"signal.Gain","params":{"k":"0.5"}},{"id":"Out","type":"analysis.Out","params":{"inputs":"1"}})",
      R"({"from":"S.y","to":"Inp.u"},{"from":"Inp.y","to":"E.u1"},{"from":"K.y","to":"E.u2"},{"from":"E.y","to":"Z.u"},
         {"from":"Z.y","to":"K.u"},{"from":"Z.y","to":"Out.u1"})");
}

/// A 1 ms transport delay in series with 1/(0.01·s + 1); Out1 at the end.
inline std::string delayedLag() {
  return modelText(
      R"({"id":"S","type":"signal.Constant","params":{"value":"0"}},{"id":"Inp","type":"analysis.Inp"},
         {"id":"D","type":"signal.TransportDelay","params":{"delay":"1m"}},
         {"id":"L","type":"signal.TransferFunction","params":{"num":"[1]","den":"[0.01 1]"}},
         {"id":"Out","type":"analysis.Out","params":{"inputs":"1"}})",
      R"({"from":"S.y","to":"Inp.u"},{"from":"Inp.y","to":"D.u"},{"from":"D.y","to":"L.u"},{"from":"L.y","to":"Out.u1"})");
}

/// A zero-order hold with T = 1 ms between Inp and Out1.
inline std::string sampleHold() {
  return modelText(
      R"({"id":"S","type":"signal.Constant","params":{"value":"0"}},{"id":"Inp","type":"analysis.Inp"},
         {"id":"H","type":"signal.ZeroOrderHold","params":{"sample_time":"1m"}},
         {"id":"Out","type":"analysis.Out","params":{"inputs":"1"}})",
      R"({"from":"S.y","to":"Inp.u"},{"from":"Inp.y","to":"H.u"},{"from":"H.y","to":"Out.u1"})");
}

/// Series R–L–C (R = 1 Ω, L = 1 mH, C = 1 mF) driven through Inp by a signal voltage; Out1 = the capacitor voltage.
inline std::string rlc(bool markers) {
  const std::string source = markers ? R"({"id":"Inp","type":"analysis.Inp"},{"id":"Out","type":"analysis.Out","params":{"inputs":"1"}},)" : "";
  const std::string wiring = markers ? R"({"from":"S.y","to":"Inp.u"},{"from":"Inp.y","to":"V.u"},{"from":"VC.y","to":"Out.u1"})"
                                     : R"({"from":"S.y","to":"V.u"})";
  return modelText(source + R"({"id":"S","type":"signal.Constant","params":{"value":"1"}},
         {"id":"V","type":"electrical.SignalVoltage"},{"id":"R","type":"electrical.Resistor","params":{"R":"1"}},
         {"id":"L","type":"electrical.Inductor","params":{"L":"1m"}},{"id":"C","type":"electrical.Capacitor","params":{"C":"1m"}},
         {"id":"VC","type":"electrical.VoltageSensor"},{"id":"G","type":"electrical.Ground"})",
                   wiring + R"(,{"from":"V.p","to":"R.p"},{"from":"R.n","to":"L.p"},{"from":"L.n","to":"C.p"},
         {"from":"C.n","to":"G.p"},{"from":"V.n","to":"G.p"},{"from":"C.p","to":"VC.p"},{"from":"VC.n","to":"G.p"})");
}

/// A diode fed from a ramp (10 V/s) through Inp and 1 kΩ, 1 µF across it; Out1 = the diode voltage.
inline std::string diode() {
  return modelText(
      R"({"id":"U","type":"signal.Ramp","params":{"slope":"10","time":"0"}},{"id":"Inp","type":"analysis.Inp"},
         {"id":"V","type":"electrical.SignalVoltage"},{"id":"R","type":"electrical.Resistor","params":{"R":"1k"}},
         {"id":"D","type":"electrical.Diode","params":{"Is":"1e-14"}},{"id":"C","type":"electrical.Capacitor","params":{"C":"1u"}},
         {"id":"VD","type":"electrical.VoltageSensor"},{"id":"G","type":"electrical.Ground"},
         {"id":"Out","type":"analysis.Out","params":{"inputs":"1"}})",
      R"({"from":"U.y","to":"Inp.u"},{"from":"Inp.y","to":"V.u"},{"from":"V.p","to":"R.p"},{"from":"R.n","to":"D.p"},
         {"from":"D.n","to":"G.p"},{"from":"R.n","to":"C.p"},{"from":"C.n","to":"G.p"},{"from":"V.n","to":"G.p"},
         {"from":"R.n","to":"VD.p"},{"from":"VD.n","to":"G.p"},{"from":"VD.y","to":"Out.u1"})",
      R"({"stop_time":"1","rtol":1e-10,"atol":1e-14})");
}

}  // namespace kelvin::test
