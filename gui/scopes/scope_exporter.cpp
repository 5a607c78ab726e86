#include "scopes/scope_exporter.h"

#include <QBuffer>
#include <QFileInfo>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QTemporaryDir>

#include "qcustomplot.h"
#include "scopes/run_result.h"
#include "scopes/scope_widget.h"
#include "scopes/trace_plot.h"

namespace kelvin::gui {

namespace {

bool writeAtomically(const QString& path, const QByteArray& bytes, QString* error) {
  QSaveFile file(path);
  if (file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit()) return true;
  *error = ScopeExporter::tr("Cannot write %1: %2").arg(path, file.errorString());
  return false;
}

QByteArray svgOf(QCustomPlot* plot) {
  QBuffer buffer;
  buffer.open(QIODevice::WriteOnly);
  QSvgGenerator generator;
  generator.setOutputDevice(&buffer);
  generator.setSize(plot->size());
  generator.setViewBox(plot->rect());
  generator.setTitle(plot->windowTitle());
  QCPPainter painter(&generator);
  plot->toPainter(&painter, plot->width(), plot->height());
  painter.end();
  return buffer.data();
}

}  // namespace

bool ScopeExporter::saveImage(const ScopeWidget& scope, const QString& path, QString* error) {
  QCustomPlot* plot = scope.plot();
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix == QLatin1String("svg")) return writeAtomically(path, svgOf(plot), error);
  if (suffix == QLatin1String("png")) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    plot->toPixmap(plot->width(), plot->height(), 2.0).save(&buffer, "PNG");
    return writeAtomically(path, bytes, error);
  }
  if (suffix == QLatin1String("pdf")) {
    // QCustomPlot writes PDF to a path only: write it beside, then put it in place.
    QTemporaryDir dir;
    const QString temporary = dir.filePath(QStringLiteral("scope.pdf"));
    QFile written(temporary);
    if (!plot->savePdf(temporary) || !written.open(QIODevice::ReadOnly)) {
      *error = tr("Cannot write %1").arg(path);
      return false;
    }
    return writeAtomically(path, written.readAll(), error);
  }
  *error = tr("Unknown image format “%1”: use .png, .svg or .pdf").arg(suffix);
  return false;
}

bool ScopeExporter::saveCsv(const ScopeWidget& scope, const QString& path, QString* error) {
  const RunResult* run = scope.currentRun();
  if (!run) {
    *error = tr("Nothing to export: no run yet");
    return false;
  }
  std::vector<const std::vector<double>*> columns;
  QStringList header{QStringLiteral("time")};
  for (const auto& trace : scope.traces()) {
    if (trace->run() != run) continue;
    header << trace->name();
    columns.push_back(&run->values(trace->signal()));
    if (!run->variances(trace->signal()).empty()) {
      header << trace->name() + QStringLiteral(".sigma");
      columns.push_back(&run->variances(trace->signal()));
    }
  }
  QByteArray text = header.join(QLatin1Char(',')).toUtf8() + '\n';
  const std::vector<double>& times = run->times();
  for (std::size_t i = 0; i < times.size(); ++i) {
    text += QByteArray::number(times[i], 'g', 17);
    for (std::size_t c = 0; c < columns.size(); ++c) {
      const std::vector<double>& column = *columns[c];
      const bool sigma = header[static_cast<qsizetype>(c) + 1].endsWith(QLatin1String(".sigma"));
      const double v = i < column.size() ? column[i] : std::numeric_limits<double>::quiet_NaN();
      text += ',' + QByteArray::number(sigma ? std::sqrt(std::max(0.0, v)) : v, 'g', 17);
    }
    text += '\n';
  }
  return writeAtomically(path, text, error);
}

}  // namespace kelvin::gui
