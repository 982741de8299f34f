#ifndef SKYSHELL_CSKYDATA_H
#define SKYSHELL_CSKYDATA_H
// Data files embedded in the binary at link time (.incbin), so skyshell needs no files at run
// time. Each function returns the start of a read-only blob and stores its length.

/// The aviation catalog built by Scripts/data/build-catalog (format in Docs/DATA.md).
const unsigned char *sky_data_catalog(unsigned long *length);

/// Natural Earth 1:110m land polygons built by Scripts/data/build-land.
const unsigned char *sky_data_land(unsigned long *length);

/// Recorded ADS-B traffic built by Scripts/data/build-traffic: Paris 2021-10-07, Zurich 2018-08-01.
const unsigned char *sky_data_traffic_paris(unsigned long *length);
const unsigned char *sky_data_traffic_zurich(unsigned long *length);

/// The SRTM3 terrain tile N44W072 (White Mountains), copied by Scripts/data/build-terrain.
const unsigned char *sky_data_terrain(unsigned long *length);

#endif
