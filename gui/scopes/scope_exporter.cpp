#include "scopes/scope_exporter.h"

#include <cmath>
#include <span>

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
  // Columns: (signal, is sigma) in the order of the header.
  std::vector<std::pair<int, bool>> columns;
  QStringList header{QStringLiteral("time")};
  for (const auto& trace : scope.traces()) {
    if (trace->run() != run) continue;
    header << trace->name();
    columns.emplace_back(trace->signal(), false);
    if (run->info().hasVariance) {
      header << trace->name() + QStringLiteral(".sigma");
      columns.emplace_back(trace->signal(), true);
    }
  }
  // The full-resolution data from the run's file, streamed to the saved file in pieces.
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) {
    *error = tr("Cannot write %1: %2").arg(path, file.errorString());
    return false;
  }
  QByteArray text = header.join(QLatin1Char(',')).toUtf8() + '\n';
  bool written = true;
  auto write = [&] {
    written = written && file.write(text) == text.size();
    text.clear();
  };
  QString readError;
  const bool read = run->forEachSample(
      [&](double time, std::span<const double> values, std::span<const double> variances) {
        text += QByteArray::number(time, 'g', 17);
        for (const auto& [signal, sigma] : columns) {
          const auto k = static_cast<std::size_t>(signal);
          const double v = sigma ? std::sqrt(std::max(0.0, variances[k])) : values[k];
          text += ',' + QByteArray::number(v, 'g', 17);
        }
        text += '\n';
        if (text.size() > (1 << 20)) write();
      },
      &readError);
  write();
  if (!read) {
    file.cancelWriting();
    *error = tr("Cannot export %1: %2").arg(path, readError);
    return false;
  }
  if (written && file.commit()) return true;
  *error = tr("Cannot write %1: %2").arg(path, file.errorString());
  return false;
}

}  // namespace kelvin::gui
