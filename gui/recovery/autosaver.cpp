#include "recovery/autosaver.h"

#include <QSettings>
#include <QUndoStack>

#include <spdlog/spdlog.h>

#include "document/model_document.h"
#include "model/model_file.h"

namespace kelvin::gui {

namespace {
const QString kIntervalKey = QStringLiteral("recovery/intervalSeconds");
constexpr int kDefaultIntervalSeconds = 30;
}  // namespace

Autosaver::Autosaver(ModelDocument* document, std::function<QByteArray()> baseHash, QObject* parent)
    : QObject(parent), document_(document), baseHash_(std::move(baseHash)) {
  quiet_.setSingleShot(true);
  quiet_.setInterval(kQuietMs);
  connect(&quiet_, &QTimer::timeout, this, &Autosaver::writeIfPending);
  const int seconds = QSettings().value(kIntervalKey, kDefaultIntervalSeconds).toInt();
  periodic_.setInterval(1000 * (seconds > 0 ? seconds : kDefaultIntervalSeconds));
  connect(&periodic_, &QTimer::timeout, this, &Autosaver::writeIfPending);
  periodic_.start();
  connect(document_->undoStack(), &QUndoStack::indexChanged, this, &Autosaver::edited);
  // Edits made outside the undo stack (e.g. a restored copy is modified from the start).
  connect(document_, &ModelDocument::modifiedChanged, this, [this](bool modified) {
    if (modified) {
      edited();
    } else {
      pending_ = false;
      store_.remove();
    }
  });
}

void Autosaver::edited() {
  pending_ = true;
  quiet_.start();
}

void Autosaver::writeIfPending() {
  if (pending_) writeNow();
}

bool Autosaver::writeNow() {
  quiet_.stop();
  pending_ = false;
  if (!document_->isModified()) {
    store_.remove();
    return true;
  }
  std::string text;
  try {
    text = core::serializeModel(document_->model());
  } catch (const core::ModelError& e) {
    spdlog::error("recovery: {}", e.what());
    return false;
  }
  if (!store_.write(QString::fromStdString(text), document_->filePath(), baseHash_())) return false;
  spdlog::debug("recovery copy written to {}", store_.file().toStdString());
  Q_EMIT written(store_.file());
  return true;
}

void Autosaver::discard() {
  quiet_.stop();
  pending_ = false;
  store_.remove();
}

}  // namespace kelvin::gui
