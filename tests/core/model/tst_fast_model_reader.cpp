// FastModelReader, the quick way through a large .kelvin file, against the ordinary
// way (a JSON document read by ModelReader, which parseModel used alone before): every
// model the fast reader gives must be the one the ordinary way gives, down to the bits
// of each coordinate; every text with a problem it must refuse, so that parseModel
// reports what it always reported. The files of the project
// (examples, test data, fuzzing seeds) are read both ways, and so are texts made to
// probe the corners of JSON where two readers could differ.

#include <bit>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <QtTest>

#include "model/fast_model_reader.h"
#include "model/model_file.h"
#include "model/model_reader.h"

using namespace kelvin::core;

class TestFastModelReader : public QObject {
  Q_OBJECT

 private slots:
  void projectFilesReadAlike_data();
  void projectFilesReadAlike();
  void textsReadAlike_data();
  void textsReadAlike();
  void refused_data();
  void refused();
  void parseModelReportsWhatTheFastReaderRefuses();
};

namespace {

/// Everything of a model, as text: its serialisation (every field, the preserved keys
/// included), the texts of its component files, and the exact bits of every coordinate
/// (the serialisation writes -0 and 0 alike).
std::string fingerprint(const Model& model) {
  std::ostringstream out;
  out << serializeModel(model);
  for (const ComponentFile& f : model.componentFiles) out << "\nfile " << f.resolved << ": " << f.text;
  auto bits = [&](double x) { out << ' ' << std::bit_cast<std::uint64_t>(x); };
  std::vector<const std::vector<Block>*> levels{&model.blocks};
  std::vector<const std::vector<Connection>*> wires{&model.connections};
  while (!levels.empty()) {
    const std::vector<Block>* blocks = levels.back();
    levels.pop_back();
    for (const Block& b : *blocks) {
      bits(b.pos.x);
      bits(b.pos.y);
      bits(b.rotation);
      levels.push_back(&b.blocks);
      wires.push_back(&b.connections);
    }
  }
  for (const std::vector<Connection>* connections : wires)
    for (const Connection& c : *connections)
      for (const Point& p : c.points) {
        bits(p.x);
        bits(p.y);
      }
  return out.str();
}

/// The model the ordinary way, or the text of its first error.
std::string ordinary(const std::string& text, const std::string& file) {
  try {
    return fingerprint(ModelReader(file).read(Json::parse(text)));
  } catch (const ModelError& e) {
    return "error: " + e.diagnostics().front().message;
  } catch (const Json::exception& e) {
    return std::string("error: ") + e.what();
  }
}

std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

const char* kHeader = R"("format": "kelvin-model", "version": 1)";

/// A model text with these blocks and connections (JSON array contents).
QByteArray model(const char* blocks, const char* connections = "", const char* more = "") {
  return QByteArray("{") + kHeader + more + ", \"blocks\": [" + blocks + "], \"connections\": [" + connections + "]}";
}

}  // namespace

void TestFastModelReader::projectFilesReadAlike_data() {
  QTest::addColumn<QString>("path");
  QTest::addColumn<bool>("example");  // valid: must not be refused
  const std::vector<std::string> folders{KELVIN_EXAMPLES_DIR, KELVIN_TEST_DATA_DIR,
                                         KELVIN_SOURCE_DIR "/tests/fuzz/corpus/model"};
  for (const std::string& folder : folders) {
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
      if (entry.path().extension() != ".kelvin") continue;
      const std::string name = entry.path().filename().string();
      QTest::newRow(name.c_str()) << QString::fromStdString(entry.path().string()) << (folder == KELVIN_EXAMPLES_DIR);
    }
  }
}

void TestFastModelReader::projectFilesReadAlike() {
  QFETCH(QString, path);
  QFETCH(bool, example);
  const std::string file = path.toStdString();
  const std::string text = readFile(file);
  const std::optional<Model> fast = FastModelReader(file).read(text);
  if (example) QVERIFY2(fast.has_value(), "a valid model is not refused");
  if (fast) QCOMPARE(fingerprint(*fast), ordinary(text, file));
}

void TestFastModelReader::textsReadAlike_data() {
  QTest::addColumn<QByteArray>("text");
  QTest::addColumn<bool>("fast");  // read without refusal (some parts may go through a document)
  QTest::newRow("empty model") << QByteArray("{") + kHeader + "}" << true;
  QTest::newRow("blanks everywhere") << QByteArray("\r\n\t {\n") + kHeader +
                                            " ,\n\"blocks\" : [ { \"id\" : \"K\" , \"type\" : \"signal.Constant\" } ] "
                                            ", \"connections\" : [ ] } \n\t"
                                     << true;
  QTest::newRow("escapes") << model(R"({"id": "a\"b\\c\/d\b\f\n\r\t", "type": "x\u00e9\u4e2d\ud83d\ude00"})") << true;
  QTest::newRow("raw UTF-8") << model("{\"id\": \"\xd0\x96\xe4\xb8\xad\xf0\x9f\x98\x80\x7f\", \"type\": \"t\"}")
                             << true;
  QTest::newRow("NUL escaped") << model(R"({"id": "a\u0000b", "type": "t"})") << true;
  QTest::newRow("numbers") << model(
                                  R"({"id": "a", "type": "t", "pos": [-0, 0.0], "rotation": -0.0},
                                     {"id": "b", "type": "t", "pos": [1e-6, 1E+2], "rotation": 90},
                                     {"id": "c", "type": "t", "pos": [9007199254740993, -9223372036854775808]},
                                     {"id": "d", "type": "t", "pos": [18446744073709551615, 0.1]},
                                     {"id": "f", "type": "t", "pos": [2.2250738585072014e-308, 1.7976931348623157e308]})")
                           << true;
  // nlohmann-json reads an integer beyond 64 bits as a double; simdjson refuses it, so the ordinary way reads it.
  QTest::newRow("integers beyond 64 bits")
      << model(R"({"id": "d", "type": "t", "pos": [18446744073709551616, 123456789012345678901234567890]})") << false;
  QTest::newRow("parameters as numbers and matrices")
      << model(R"({"id": "a", "type": "t", "params": {"R": 1e-6, "x": "1k", "A": [[1, 2], [3, 4]], "b": true}})")
      << true;
  QTest::newRow("parameter given twice") << model(R"({"id": "a", "type": "t", "params": {"R": "1", "R": "2"}})")
                                         << true;
  QTest::newRow("key given twice in a block") << model(R"({"id": "a", "type": "t", "id": "b"})") << true;
  QTest::newRow("preserved keys") << model(R"({"id": "a", "color": "#f00", "type": "t"})",
                                           R"({"from": "a.p", "to": "b.n", "label": {"x": [1, {"y": null}]}})",
                                           R"(, "author": {"tags": ["[", "}"]}, "z": -1.5e3)")
                                  << true;
  QTest::newRow("subsystem") << model(R"({"id": "S", "type": "Subsystem", "params": {"k": "2"},
      "ports": [{"name": "p", "domain": "electrical", "direction": "physical"}],
      "blocks": [{"id": "R", "type": "electrical.Resistor", "params": {"R": "k"}}],
      "connections": [{"from": "p", "to": "R.p"}]})")
                             << true;
  QTest::newRow("points") << model(R"({"id": "a", "type": "t"})",
                                   R"({"from": "a.p", "to": "a.n", "points": [[0, 1], [2.5, -3]]},
                                      {"from": "a.p", "to": "a.n", "points": []})")
                          << true;
  QTest::newRow("settings and variables")
      << model(R"({"id": "a", "type": "t", "params": {"R": "r0"}})", "",
               R"(, "name": "n", "settings": {"stop_time": 1e-3, "rtol": 1e-4, "temperature": "300"},
                  "variables": [{"name": "r0", "value": 1000}], "components": [["component Foo", "end"]])")
      << true;
  // The JSON library skips a byte-order mark and reads a number below the smallest double as 0, both ways.
  QTest::newRow("byte-order mark") << QByteArray("\xef\xbb\xbf{") + kHeader + "}" << true;
  QTest::newRow("number too small") << model(R"({"id": "a", "type": "t", "pos": [1e-400, 0]})") << true;
  QTest::newRow("connections before blocks")
      << QByteArray("{") + kHeader + R"(, "connections": [{"from": "a.p", "to": "b.p"}], "blocks": [])" + "}" << true;
}

void TestFastModelReader::textsReadAlike() {
  QFETCH(QByteArray, text);
  QFETCH(bool, fast);
  const std::optional<Model> model = FastModelReader("t.kelvin").read(text.toStdString());
  QCOMPARE(model.has_value(), fast);
  if (model) QCOMPARE(fingerprint(*model), ordinary(text.toStdString(), "t.kelvin"));
}

void TestFastModelReader::refused_data() {
  QTest::addColumn<QByteArray>("text");
  QTest::newRow("not an object") << QByteArray("[1, 2]");
  QTest::newRow("trailing text") << QByteArray("{") + kHeader + "} x";
  QTest::newRow("trailing comma") << model(R"({"id": "a", "type": "t"},)");
  QTest::newRow("comment") << model(R"(/* c */ {"id": "a", "type": "t"})");
  QTest::newRow("top-level key twice") << QByteArray("{") + kHeader + R"(, "name": "a", "name": "b"})";
  QTest::newRow("blocks twice") << QByteArray("{") + kHeader + R"(, "blocks": [], "blocks": []})";
  QTest::newRow("duplicate id") << model(R"({"id": "a", "type": "t"}, {"id": "a", "type": "u"})");
  QTest::newRow("no id") << model(R"({"type": "t"})");
  QTest::newRow("empty type") << model(R"({"id": "a", "type": ""})");
  QTest::newRow("id a number") << model(R"({"id": 1, "type": "t"})");
  QTest::newRow("pos of three") << model(R"({"id": "a", "type": "t", "pos": [1, 2, 3]})");
  QTest::newRow("rotation a string") << model(R"({"id": "a", "type": "t", "rotation": "90"})");
  QTest::newRow("params an array") << model(R"({"id": "a", "type": "t", "params": ["R"]})");
  QTest::newRow("parameter an object") << model(R"({"id": "a", "type": "t", "params": {"R": {"v": 1}}})");
  QTest::newRow("block not an object") << model(R"("a")");
  QTest::newRow("connection without to") << model("", R"({"from": "a.p"})");
  QTest::newRow("number too large") << model(R"({"id": "a", "type": "t", "pos": [1e999, 0]})");
  QTest::newRow("leading zero") << model(R"({"id": "a", "type": "t", "pos": [01, 0]})");
  QTest::newRow("bare fraction") << model(R"({"id": "a", "type": "t", "pos": [.5, 0]})");
  QTest::newRow("invalid UTF-8") << model("{\"id\": \"a\xc0\xaf\", \"type\": \"t\"}");
  QTest::newRow("surrogate in UTF-8") << model("{\"id\": \"a\xed\xa0\x80\", \"type\": \"t\"}");
  QTest::newRow("lone surrogate") << model(R"({"id": "a\ud800", "type": "t"})");
  QTest::newRow("control character") << model("{\"id\": \"a\tb\", \"type\": \"t\"}");
  QTest::newRow("bad escape") << model(R"({"id": "a\x", "type": "t"})");
  QTest::newRow("truncated") << model(R"({"id": "a", "type": "t"})").chopped(3);
  QTest::newRow("wrong format") << QByteArray(R"({"format": "other", "version": 1, "blocks": []})");
  QTest::newRow("newer version") << QByteArray(R"({"format": "kelvin-model", "version": 2, "blocks": []})");
  QTest::newRow("settings not an object") << QByteArray("{") + kHeader + R"(, "settings": 1})";
  QTest::newRow("bad preserved value") << QByteArray("{") + kHeader + R"(, "x": [1, 2})";
  // Read On Demand, each value is checked where it is read: none is skipped unchecked.
  QTest::newRow("second model after the first") << QByteArray("{") + kHeader + "} {}";
  QTest::newRow("missing colon") << model(R"({"id" "a", "type": "t"})");
  QTest::newRow("missing comma between blocks") << model(R"({"id": "a", "type": "t"} {"id": "b", "type": "t"})");
  QTest::newRow("bad literal in an uncommon block") << model(R"({"id": "a", "type": "t", "color": [tru]})");
  QTest::newRow("bad literal in a preserved section") << QByteArray("{") + kHeader + R"(, "x": {"y": nul}})";
}

void TestFastModelReader::refused() {
  QFETCH(QByteArray, text);
  QVERIFY(!FastModelReader("t.kelvin").read(text.toStdString()).has_value());
}

void TestFastModelReader::parseModelReportsWhatTheFastReaderRefuses() {
  // The ordinary way's diagnostics, line and column included, for a file the fast reader refuses.
  try {
    parseModel(model(R"({"id": "a", "type": "t"}, {"id": "a", "type": "u"}, {"id": "b"})").toStdString(), "m.kelvin");
    QFAIL("a duplicate id and a block without type are errors");
  } catch (const ModelError& e) {
    QCOMPARE(e.diagnostics().size(), std::size_t{2});
    QCOMPARE(e.diagnostics()[0].message, std::string("duplicate block id 'a'"));
    QCOMPARE(e.diagnostics()[1].blockId, std::string("b"));
  }
  try {
    parseModel("{\n  \"format\": \"kelvin-model\",\n  \"version\": 1,\n  \"blocks\": [}\n", "m.kelvin");
    QFAIL("a syntax error is an error");
  } catch (const ModelError& e) {
    QVERIFY2(e.diagnostics().front().message.starts_with("invalid JSON at line 4, column 14"),
             e.diagnostics().front().message.c_str());
  }
}

QTEST_GUILESS_MAIN(TestFastModelReader)
#include "tst_fast_model_reader.moc"
