"""Deux Rois pour un Royaume: the live game server."""
