#ifndef QUIZKIOSK_CMOSQUITTO_SHIM_H
#define QUIZKIOSK_CMOSQUITTO_SHIM_H
// libmosquitto (Debian libmosquitto-dev), the MQTT client library. Everything Swift needs
// imports directly (functions, enums, struct mosquitto_message); no wrappers are required.
#include <mosquitto.h>
// MQTT 5 property identifiers (MQTT_PROP_MAXIMUM_PACKET_SIZE), not included by mosquitto.h.
#include <mqtt_protocol.h>
#endif
